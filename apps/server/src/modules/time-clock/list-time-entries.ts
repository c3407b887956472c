import type { Database } from '../../db/client.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { checkDateRange, usableTimeZone } from './date-range.ts';
import { managesTimeClock } from './time-clock-authority.ts';
import { timeClockRepository } from './time-clock.repository.ts';
import { toTimeEntryView, type TimeEntryView } from './time-entry-view.ts';

export interface EmployeeTotals {
  employee_id: string;
  employee_name: string;
  /** Closed shifts counted in the hours. */
  shifts: number;
  /** Shifts still open, not yet counted. */
  open_shifts: number;
  total_hours: number;
  overtime_hours: number;
}

export interface TimeEntriesReport {
  from: string;
  to: string;
  time_zone: string;
  entries: TimeEntryView[];
  totals: EmployeeTotals[];
}

export interface TimeEntriesQuery {
  from: string;
  to: string;
  employeeId?: string | undefined;
}

/**
 * Shifts that began within the dates, read in the business's time zone, with hours per
 * employee. The owner, admins and managers see everyone; other employees see themselves only.
 */
export async function listTimeEntries(database: Database, tenant: TenantContext, query: TimeEntriesQuery): Promise<TimeEntriesReport> {
  checkDateRange(query.from, query.to);
  let employeeId = query.employeeId ?? null;
  if (!managesTimeClock(tenant.actor)) {
    const own = tenant.employeeSession?.employeeId ?? null;
    if (!own || (employeeId && employeeId !== own)) throw forbidden('forbidden', 'You can see your own hours only');
    employeeId = own;
  }
  const { businessId } = tenant;
  const { timeZone, rows } = await database.withTenant(businessId, async (tx) => {
    const timeZone = usableTimeZone(await timeClockRepository.findBusinessTimeZone(tx, businessId));
    const rows = await timeClockRepository.listEntriesInRange(tx, businessId, { fromDate: query.from, toDate: query.to, timeZone, employeeId });
    return { timeZone, rows };
  });
  const entries = rows.map(({ entry, employeeName }) => toTimeEntryView(entry, employeeName));
  return { from: query.from, to: query.to, time_zone: timeZone, entries, totals: totalsOf(entries) };
}

// Sums in hundredths of an hour, as stored, so that no float error creeps into payroll.
function totalsOf(entries: TimeEntryView[]): EmployeeTotals[] {
  const byEmployee = new Map<string, { name: string; shifts: number; open: number; total: number; overtime: number }>();
  for (const entry of entries) {
    const sums = byEmployee.get(entry.employee_id) ?? { name: entry.employee_name, shifts: 0, open: 0, total: 0, overtime: 0 };
    if (entry.total_hours === null) sums.open += 1;
    else {
      sums.shifts += 1;
      sums.total += Math.round(entry.total_hours * 100);
      sums.overtime += Math.round((entry.overtime_hours ?? 0) * 100);
    }
    byEmployee.set(entry.employee_id, sums);
  }
  return [...byEmployee.entries()]
    .map(([employeeId, sums]) => ({
      employee_id: employeeId,
      employee_name: sums.name,
      shifts: sums.shifts,
      open_shifts: sums.open,
      total_hours: sums.total / 100,
      overtime_hours: sums.overtime / 100,
    }))
    .sort((a, b) => a.employee_name.localeCompare(b.employee_name) || a.employee_id.localeCompare(b.employee_id));
}

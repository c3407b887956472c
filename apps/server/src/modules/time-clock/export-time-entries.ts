import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { localParts } from './date-range.ts';
import { listTimeEntries, type TimeEntriesQuery } from './list-time-entries.ts';
import { assertManagesTimeClock } from './time-clock-authority.ts';
import type { TimeEntryView } from './time-entry-view.ts';

export const CSV_HEADER = ['Employee', 'Date', 'Clock in', 'Clock out', 'Break minutes', 'Total hours', 'Overtime hours'];

/**
 * RFC 4180 quoting; a cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR) is
 * prefixed with an apostrophe, since employee names are typed by people.
 */
function csvCell(value: string): string {
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

function breakMinutes(entry: TimeEntryView): string {
  if (!entry.break_start_time || !entry.clock_out_time) return entry.break_start_time ? '' : '0';
  const start = Math.max(Date.parse(entry.break_start_time), Date.parse(entry.clock_in_time));
  const end = Math.min(Date.parse(entry.break_end_time ?? entry.clock_out_time), Date.parse(entry.clock_out_time));
  return String(Math.max(0, Math.round((end - start) / 60_000)));
}

/** The payroll CSV of a date range: one row per shift, times on the business's clock. */
export async function exportTimeEntries(database: Database, tenant: TenantContext, query: TimeEntriesQuery): Promise<string> {
  assertManagesTimeClock(tenant.actor);
  const report = await listTimeEntries(database, tenant, query);
  const stamp = (iso: string | null) => {
    if (!iso) return '';
    const parts = localParts(new Date(iso), report.time_zone);
    return `${parts.date} ${parts.time}`;
  };
  // Grouped by person for payroll, each person's shifts in order.
  const entries = [...report.entries].sort(
    (a, b) => a.employee_name.localeCompare(b.employee_name) || a.employee_id.localeCompare(b.employee_id) || a.clock_in_time.localeCompare(b.clock_in_time),
  );
  const rows = entries.map((entry) => [
    entry.employee_name,
    localParts(new Date(entry.clock_in_time), report.time_zone).date,
    stamp(entry.clock_in_time),
    stamp(entry.clock_out_time),
    breakMinutes(entry),
    entry.total_hours === null ? '' : entry.total_hours.toFixed(2),
    entry.overtime_hours === null ? '' : entry.overtime_hours.toFixed(2),
  ]);
  // The byte-order mark lets spreadsheet programs read accented names as UTF-8.
  return '\uFEFF' + [CSV_HEADER, ...rows].map((row) => row.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

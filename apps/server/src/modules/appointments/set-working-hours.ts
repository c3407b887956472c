import { parseClock, workingHoursProblem, type WorkingHours } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf, staffNotFound, toHoursView } from './appointment-views.ts';
import { appointmentsRepository as repo } from './appointments.repository.ts';

export interface HoursInput {
  weekday: number;
  start: string;
  end: string;
  break_start?: string | null | undefined;
  break_end?: string | null | undefined;
}

const clock = (value: string | null | undefined) => (value === null || value === undefined || value === '' ? null : parseClock(value));

/** Replaces a staff member's week: one row per working weekday, none for days off. Audited. */
export async function setWorkingHours(database: Database, tenant: TenantContext, employeeId: string, input: HoursInput[]) {
  const weekdays = new Set<number>();
  const rows: WorkingHours[] = input.map((day) => {
    if (weekdays.has(day.weekday)) throw badRequest('invalid_hours', 'Each weekday may appear once');
    weekdays.add(day.weekday);
    const start = clock(day.start);
    const end = clock(day.end);
    if (start === null || end === null) throw badRequest('invalid_hours', 'Times are HH:MM, 00:00 to 24:00');
    const breakStart = clock(day.break_start);
    const breakEnd = clock(day.break_end);
    if ((day.break_start && breakStart === null) || (day.break_end && breakEnd === null)) throw badRequest('invalid_hours', 'Times are HH:MM, 00:00 to 24:00');
    const hours = { weekday: day.weekday, start, end, breakStart, breakEnd };
    const problem = workingHoursProblem(hours);
    if (problem) throw new AppError(400, 'invalid_hours', problem);
    return hours;
  });
  return database.withTenant(tenant.businessId, async (tx) => {
    if (!(await repo.lockStaff(tx, tenant.businessId, employeeId))) throw staffNotFound();
    await repo.replaceHours(
      tx,
      tenant.businessId,
      employeeId,
      rows.map((row) => ({ weekday: row.weekday, startMinute: row.start, endMinute: row.end, breakStartMinute: row.breakStart ?? null, breakEndMinute: row.breakEnd ?? null })),
    );
    await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'staff_hours.updated', details: { employee_id: employeeId, weekdays: [...weekdays] } });
    return { hours: (await repo.hours(tx, tenant.businessId, [employeeId])).map(toHoursView) };
  });
}

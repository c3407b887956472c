import { computeShiftHours, MAX_SHIFT_HOURS } from '@till/core';
import type { Database } from '../../db/client.ts';
import { badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { auditActor } from '../employees/employee-authority.ts';
import { employeesRepository } from '../employees/employees.repository.ts';
import { assertManagesTimeClock } from './time-clock-authority.ts';
import { timeClockRepository, type TimeClockRow } from './time-clock.repository.ts';
import { toTimeEntryView, type TimeEntryView } from './time-entry-view.ts';

export interface CorrectTimeEntryInput {
  clockInTime?: Date | undefined;
  clockOutTime?: Date | undefined;
  /** null removes the break. */
  breakStartTime?: Date | null | undefined;
  breakEndTime?: Date | null | undefined;
  reason: string;
}

const invalidTimes = (message: string) => badRequest('invalid_times', message);

function checkTimes(times: { in: Date; out: Date | null; breakStart: Date | null; breakEnd: Date | null }, now: Date): void {
  const latest = [times.in, times.out, times.breakStart, times.breakEnd].filter((value): value is Date => value !== null);
  if (latest.some((value) => value > now)) throw invalidTimes('A time cannot be in the future');
  if (times.out && times.out <= times.in) throw invalidTimes('Clock out must be after clock in');
  if ((times.out ?? now).getTime() - times.in.getTime() > MAX_SHIFT_HOURS * 3_600_000) throw invalidTimes('A shift cannot last longer than 7 days');
  if (times.breakEnd && !times.breakStart) throw invalidTimes('A break end needs a break start');
  if (times.breakStart && times.breakStart < times.in) throw invalidTimes('The break cannot start before clock in');
  if (times.breakStart && times.breakEnd && times.breakEnd < times.breakStart) throw invalidTimes('The break cannot end before it starts');
  if (times.out && times.breakStart && times.breakStart > times.out) throw invalidTimes('The break cannot start after clock out');
  if (times.out && times.breakStart && !times.breakEnd) throw invalidTimes('A closed shift needs the break end too');
  if (times.out && times.breakEnd && times.breakEnd > times.out) throw invalidTimes('The break cannot end after clock out');
}

const iso = (value: Date | null) => value?.toISOString() ?? null;
const snapshot = (row: Pick<TimeClockRow, 'clockInTime' | 'clockOutTime' | 'breakStartTime' | 'breakEndTime' | 'totalHours' | 'overtimeHours'>) => ({
  clock_in_time: iso(row.clockInTime),
  clock_out_time: iso(row.clockOutTime),
  break_start_time: iso(row.breakStartTime),
  break_end_time: iso(row.breakEndTime),
  total_hours: row.totalHours,
  overtime_hours: row.overtimeHours,
});

/**
 * A manager corrects a shift's times with a reason; the totals are recomputed as at clock-out
 * and the before/after goes to audit_log. A closed shift stays closed.
 */
export async function correctTimeEntry(
  database: Database,
  tenant: TenantContext,
  entryId: string,
  input: CorrectTimeEntryInput,
  now: Date,
): Promise<TimeEntryView> {
  assertManagesTimeClock(tenant.actor);
  const { businessId } = tenant;
  return database.withTenant(businessId, async (tx) => {
    const current = await timeClockRepository.findEntryForUpdate(tx, businessId, entryId);
    if (!current) throw notFound('time_entry_not_found', 'No such time-clock entry in this business');
    const times = {
      in: input.clockInTime ?? current.clockInTime,
      out: input.clockOutTime ?? current.clockOutTime,
      breakStart: input.breakStartTime !== undefined ? input.breakStartTime : current.breakStartTime,
      breakEnd: input.breakEndTime !== undefined ? input.breakEndTime : current.breakEndTime,
    };
    checkTimes(times, now);
    const overlaps = await timeClockRepository.overlapsAnotherEntry(tx, businessId, {
      id: current.id,
      employeeId: current.employeeId,
      from: times.in,
      until: times.out,
    });
    if (overlaps) throw conflict('overlapping_entry', 'These times overlap another shift of the same employee');
    const hours = times.out
      ? computeShiftHours({ clockIn: times.in, clockOut: times.out, breakStart: times.breakStart, breakEnd: times.breakEnd })
      : null;
    const actor = auditActor(tenant);
    const updated = await timeClockRepository.updateEntry(tx, businessId, current.id, {
      clockInTime: times.in,
      clockOutTime: times.out,
      breakStartTime: times.breakStart,
      breakEndTime: times.breakEnd,
      totalHours: hours?.total_hours ?? null,
      overtimeHours: hours?.overtime_hours ?? null,
      correctedAt: now,
      correctedByUserId: actor.actorUserId,
      correctedByEmployeeId: actor.actorEmployeeId,
      correctionReason: input.reason,
    });
    await employeesRepository.insertAudit(tx, {
      businessId,
      ...actor,
      action: 'time_clock.corrected',
      details: { time_entry_id: current.id, employee_id: current.employeeId, reason: input.reason, before: snapshot(current), after: snapshot(updated) },
    });
    const name = await timeClockRepository.findEmployeeName(tx, businessId, current.employeeId);
    return toTimeEntryView(updated, name ?? '');
  });
}

import { computeShiftHours } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { timeClockRepository, type TimeClockRow } from './time-clock.repository.ts';

/**
 * SPEC §4 "Ending a shift": the latest open entry gets clock_out_time = now, total_hours =
 * elapsed time minus the break, overtime_hours = hours above 8, never negative. A break still
 * running ends at clock-out. Null when the employee was not clocked in.
 */
export async function closeOpenShift(tx: Tx, businessId: string, employeeId: string, now: Date): Promise<TimeClockRow | null> {
  const open = await timeClockRepository.findOpenEntryForUpdate(tx, businessId, employeeId);
  if (!open) return null;
  return timeClockRepository.updateEntry(tx, businessId, open.id, closingValues(open, now));
}

export function closingValues(open: TimeClockRow, now: Date) {
  // A clock that ran backwards must not close a shift before it began.
  const clockOut = now < open.clockInTime ? open.clockInTime : now;
  const breakEnd = open.breakStartTime && !open.breakEndTime ? clockOut : open.breakEndTime;
  const hours = computeShiftHours({ clockIn: open.clockInTime, clockOut, breakStart: open.breakStartTime, breakEnd });
  return { clockOutTime: clockOut, breakEndTime: breakEnd, totalHours: hours.total_hours, overtimeHours: hours.overtime_hours };
}

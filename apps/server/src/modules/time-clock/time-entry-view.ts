import type { TimeClockRow } from './time-clock.repository.ts';

/** SPEC §3 time_clock fields, plus who the shift belongs to and how it was corrected. */
export interface TimeEntryView {
  id: string;
  employee_id: string;
  employee_name: string;
  clock_in_time: string;
  clock_out_time: string | null;
  break_start_time: string | null;
  break_end_time: string | null;
  total_hours: number | null;
  overtime_hours: number | null;
  corrected_at: string | null;
  correction_reason: string | null;
}

const iso = (value: Date | null) => (value ? value.toISOString() : null);

export function toTimeEntryView(row: TimeClockRow, employeeName: string): TimeEntryView {
  return {
    id: row.id,
    employee_id: row.employeeId,
    employee_name: employeeName,
    clock_in_time: row.clockInTime.toISOString(),
    clock_out_time: iso(row.clockOutTime),
    break_start_time: iso(row.breakStartTime),
    break_end_time: iso(row.breakEndTime),
    total_hours: row.totalHours === null ? null : Number(row.totalHours),
    overtime_hours: row.overtimeHours === null ? null : Number(row.overtimeHours),
    corrected_at: iso(row.correctedAt),
    correction_reason: row.correctionReason,
  };
}

/** Where a shift stands: not clocked in, working, or on a break. */
export type ClockState = 'clocked_out' | 'working' | 'on_break';

export function clockStateOf(open: TimeClockRow | null): ClockState {
  if (!open) return 'clocked_out';
  return open.breakStartTime && !open.breakEndTime ? 'on_break' : 'working';
}

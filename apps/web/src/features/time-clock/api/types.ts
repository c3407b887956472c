import type { EmployeeRole } from '@till/core';

/** SPEC §3 time_clock, with whose shift it is and how it was corrected. */
export interface TimeEntry {
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

export type ClockState = 'clocked_out' | 'working' | 'on_break';

export interface ClockStatus {
  state: ClockState;
  entry: TimeEntry | null;
}

export interface OnShiftEmployee {
  employee_id: string;
  employee_name: string;
  role: EmployeeRole;
  entry_id: string;
  clock_in_time: string;
  on_break: boolean;
  break_start_time: string | null;
}

export interface EmployeeTotals {
  employee_id: string;
  employee_name: string;
  shifts: number;
  open_shifts: number;
  total_hours: number;
  overtime_hours: number;
}

export interface TimeEntriesReport {
  from: string;
  to: string;
  time_zone: string;
  entries: TimeEntry[];
  totals: EmployeeTotals[];
}

/** Every time-clock query starts with this, so one punch can refresh them all. */
export const timeClockQueryKey = ['time-clock'] as const;

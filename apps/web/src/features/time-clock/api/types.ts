import type { ApiAnswer } from '@/lib/api';

/** SPEC §3 time_clock, with whose shift it is and how it was corrected (the route schemas' shapes). */
export type ClockStatus = ApiAnswer<'/api/time-clock/current'>;
export type TimeEntry = NonNullable<ClockStatus['entry']>;
export type ClockState = ClockStatus['state'];
export type OnShiftEmployee = ApiAnswer<'/api/time-clock/on-shift'>['on_shift'][number];
export type TimeEntriesReport = ApiAnswer<'/api/time-clock/entries'>;
export type EmployeeTotals = TimeEntriesReport['totals'][number];

/** Every time-clock query starts with this, so one punch can refresh them all. */
export const timeClockQueryKey = ['time-clock'] as const;

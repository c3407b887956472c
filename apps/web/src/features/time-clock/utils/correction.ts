import type { CorrectTimeEntryInput } from '../api/correct-time-entry';
import type { TimeEntry } from '../api/types';
import { fromWallTime, toWallTime } from './zoned-time';

/** The correction form: four wall-clock times on the business clock, and a reason. */
export type TimeField = 'clockIn' | 'breakStart' | 'breakEnd' | 'clockOut';

export const CORRECTION_FIELDS: { name: TimeField; label: string; key: keyof CorrectTimeEntryInput; nullable: boolean }[] = [
  { name: 'clockIn', label: 'Clock in', key: 'clock_in_time', nullable: false },
  { name: 'breakStart', label: 'Break start', key: 'break_start_time', nullable: true },
  { name: 'breakEnd', label: 'Break end', key: 'break_end_time', nullable: true },
  { name: 'clockOut', label: 'Clock out', key: 'clock_out_time', nullable: false },
];

export function initialTimes(entry: Pick<TimeEntry, 'clock_in_time' | 'clock_out_time' | 'break_start_time' | 'break_end_time'>, timeZone: string): Record<TimeField, string> {
  const wall = (iso: string | null) => (iso ? toWallTime(new Date(iso), timeZone) : '');
  return {
    clockIn: wall(entry.clock_in_time),
    breakStart: wall(entry.break_start_time),
    breakEnd: wall(entry.break_end_time),
    clockOut: wall(entry.clock_out_time),
  };
}

/** What the manager changed, as the PATCH body; or the first thing wrong with the form. */
export function correctionInput(
  before: Record<TimeField, string>,
  after: Record<TimeField, string>,
  reason: string,
  timeZone: string,
): { input: CorrectTimeEntryInput } | { error: string; field?: TimeField | 'reason' } {
  const input: Record<string, string | null> = {};
  for (const field of CORRECTION_FIELDS) {
    const value = after[field.name];
    if (value === before[field.name]) continue;
    if (value === '') {
      if (!field.nullable) return { error: `Enter the ${field.label.toLowerCase()} time`, field: field.name };
      input[field.key] = null;
      continue;
    }
    const instant = fromWallTime(value, timeZone);
    if (!instant) return { error: `Enter the ${field.label.toLowerCase()} time as a date and time`, field: field.name };
    input[field.key] = instant.toISOString();
  }
  if (Object.keys(input).length === 0) return { error: 'Change at least one time' };
  if (reason.trim() === '') return { error: 'Say why the times change', field: 'reason' };
  return { input: { ...(input as Omit<CorrectTimeEntryInput, 'reason'>), reason: reason.trim() } };
}


import { badRequest } from '../../lib/app-error.ts';

/** Longest report: a quarter, which covers every usual pay period. */
export const MAX_RANGE_DAYS = 92;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Checks a from/to pair of calendar dates (YYYY-MM-DD, both included). */
export function checkDateRange(fromDate: string, toDate: string): void {
  const days = (Date.parse(`${toDate}T00:00:00Z`) - Date.parse(`${fromDate}T00:00:00Z`)) / DAY_MS;
  if (days < 0) throw badRequest('invalid_range', '"from" must not be after "to"');
  if (days + 1 > MAX_RANGE_DAYS) throw badRequest('range_too_long', `Ask for at most ${MAX_RANGE_DAYS} days at a time`);
}

/** The business's zone when this runtime knows it, else UTC (a stored value is not trusted blindly). */
export function usableTimeZone(timeZone: string): string {
  try {
    new Intl.DateTimeFormat('en-CA', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** `YYYY-MM-DD` and `HH:MM` of an instant on the business's wall clock. */
export function localParts(instant: Date, timeZone: string): { date: string; time: string } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    })
      .formatToParts(instant)
      .map((part) => [part.type, part.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}` };
}

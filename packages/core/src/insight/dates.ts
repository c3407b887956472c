/**
 * Calendar days as whole numbers. Every model works on the business's local dates
 * ('YYYY-MM-DD', already in its time zone), so day arithmetic is plain integer arithmetic
 * on days since 1970-01-01 with no clock or time zone involved.
 */

/** A model input that cannot be used (bad date, non-finite value, out-of-range option): a 4xx for the caller. */
export class InsightInputError extends Error {
  override name = 'InsightInputError';
}

const DAY_MS = 86_400_000;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

/**
 * Parsed dates, remembered: a year of orders has only 365 distinct dates, and parsing is most of
 * the cost of reading a few hundred thousand of them. Bounded, and a pure function's memo.
 */
const parsed = new Map<string, number>();
const formatted = new Map<number, string>();
const MEMO_LIMIT = 20_000;

/** 'YYYY-MM-DD' → days since 1970-01-01. Refuses anything that is not a real date in 1900..2200. */
export function dayNumber(date: string): number {
  const known = parsed.get(date);
  if (known !== undefined) return known;
  const day = parseDay(date);
  if (parsed.size >= MEMO_LIMIT) parsed.clear();
  parsed.set(date, day);
  return day;
}

function parseDay(date: string): number {
  if (typeof date !== 'string') throw new InsightInputError('a date must be a string (YYYY-MM-DD)');
  const match = DATE_PATTERN.exec(date);
  if (!match) throw new InsightInputError(`"${date}" is not a date (YYYY-MM-DD)`);
  const year = Number(match[1]);
  const month = Number(match[2]);
  const day = Number(match[3]);
  if (year < 1900 || year > 2200) throw new InsightInputError(`${date} is outside the years 1900..2200`);
  const ms = Date.UTC(year, month - 1, day);
  const check = new Date(ms);
  if (check.getUTCMonth() !== month - 1 || check.getUTCDate() !== day) throw new InsightInputError(`${date} is not a calendar date`);
  return ms / DAY_MS;
}

/** Days since 1970-01-01 → 'YYYY-MM-DD'. */
export function formatDay(day: number): string {
  const known = formatted.get(day);
  if (known !== undefined) return known;
  const text = new Date(day * DAY_MS).toISOString().slice(0, 10);
  if (formatted.size >= MEMO_LIMIT) formatted.clear();
  formatted.set(day, text);
  return text;
}

export function addDays(date: string, days: number): string {
  return formatDay(dayNumber(date) + days);
}

/** ISO weekday of a day number: 1 = Monday … 7 = Sunday (1970-01-01 was a Thursday). */
export function isoWeekday(day: number): number {
  return ((((day + 3) % 7) + 7) % 7) + 1;
}

/** Months since year 0 (year × 12 + month − 1), for cohort arithmetic. */
export function monthIndex(day: number): number {
  const date = new Date(day * DAY_MS);
  return date.getUTCFullYear() * 12 + date.getUTCMonth();
}

/** Month index → 'YYYY-MM'. */
export function formatMonth(index: number): string {
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}`;
}

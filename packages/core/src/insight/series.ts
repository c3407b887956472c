/**
 * Daily series: the shape every model takes. One value per consecutive local day from `start`,
 * so a year of history is 365 numbers and a job for 10,000 products stays small and can cross
 * a worker_threads boundary as it is.
 */
import { dayNumber, formatDay, InsightInputError, isoWeekday } from './dates.ts';

export interface DailySeries {
  /** The first day, 'YYYY-MM-DD' in the business's time zone. */
  start: string;
  /** One value per day from `start` on: net sales in minor units, or units sold. */
  values: number[];
}

/** One day's total as the database groups it; days without a row had nothing. */
export interface DailyValue {
  date: string;
  value: number;
}

/** At most this many days of history (20 years) are accepted by the models. */
export const MAX_HISTORY_DAYS = 7305;

/**
 * Sparse per-day totals → a dense series. Dates may repeat (they are added up) and may be
 * missing (a day without sales is 0). `start`/`end` widen or cut the window; without them it
 * runs from the first to the last date given.
 */
export function toDailySeries(points: readonly DailyValue[], window: { start?: string; end?: string } = {}): DailySeries {
  let first = window.start === undefined ? Number.POSITIVE_INFINITY : dayNumber(window.start);
  let last = window.end === undefined ? Number.NEGATIVE_INFINITY : dayNumber(window.end);
  const days = points.map((point) => {
    if (!Number.isFinite(point.value)) throw new InsightInputError(`the value on ${point.date} is not a number`);
    return dayNumber(point.date);
  });
  if (window.start === undefined) for (const day of days) first = Math.min(first, day);
  if (window.end === undefined) for (const day of days) last = Math.max(last, day);
  if (!Number.isFinite(first) || !Number.isFinite(last)) {
    const anchor = window.start ?? window.end;
    if (anchor === undefined) throw new InsightInputError('no days given: pass at least one point or a start or end date');
    return { start: anchor, values: [] };
  }
  if (last < first) return { start: formatDay(first), values: [] };
  if (last - first + 1 > MAX_HISTORY_DAYS) throw new InsightInputError(`at most ${MAX_HISTORY_DAYS} days of history`);
  const values = new Array<number>(last - first + 1).fill(0);
  points.forEach((point, i) => {
    const index = (days[i] as number) - first;
    if (index >= 0 && index < values.length) values[index] = (values[index] as number) + point.value;
  });
  return { start: formatDay(first), values };
}

/** Checks a series and returns its first day number. */
export function checkSeries(series: DailySeries): number {
  const start = dayNumber(series.start);
  if (!Array.isArray(series.values)) throw new InsightInputError('values must be an array');
  if (series.values.length > MAX_HISTORY_DAYS) throw new InsightInputError(`at most ${MAX_HISTORY_DAYS} days of history`);
  for (const value of series.values) {
    if (typeof value !== 'number' || !Number.isFinite(value)) throw new InsightInputError('every value must be a finite number');
  }
  return start;
}

export interface OpenDays {
  /** 1 where the day is an observation, 0 where the shop was closed. */
  open: Uint8Array;
  /** ISO weekdays (1 = Monday) the shop does not trade on lately: forecast as 0. */
  closedWeekdays: number[];
  /** Days on trading weekdays treated as closures (known closures and, for a busy shop, zero days). */
  closures: number;
}

/** A weekday is closed when at least this share of its last eight occurrences had no sales. */
const CLOSED_WEEKDAY_SHARE = 0.75;
/** When no more than this share of trading-weekday days are zero, a zero day is a closure, not a quiet day. */
const DENSE_ZERO_SHARE = 0.2;

/**
 * Which days are observations. Known closed dates are never observations. A weekday with no
 * sales on at least six of its last eight occurrences is a closed weekday. On the other
 * weekdays a zero is a closure (holiday, stock-take) when zeros are rare there, and a real
 * quiet day otherwise (a small shop that sometimes sells nothing).
 */
export function detectOpenDays(values: readonly number[], startDay: number, knownClosed: ReadonlySet<number>): OpenDays {
  const n = values.length;
  const open = new Uint8Array(n).fill(1);
  for (let t = 0; t < n; t += 1) if (knownClosed.has(startDay + t)) open[t] = 0;

  const closedWeekdays: number[] = [];
  for (let weekday = 1; weekday <= 7; weekday += 1) {
    let seen = 0;
    let zeros = 0;
    for (let t = n - 1; t >= 0 && seen < 8; t -= 1) {
      if (!open[t] || isoWeekday(startDay + t) !== weekday) continue;
      seen += 1;
      if ((values[t] as number) <= 0) zeros += 1;
    }
    if (seen >= 2 && zeros / seen >= CLOSED_WEEKDAY_SHARE) closedWeekdays.push(weekday);
  }
  const closedSet = new Set(closedWeekdays);

  let tradingDays = 0;
  let zeroDays = 0;
  for (let t = 0; t < n; t += 1) {
    if (!open[t]) continue;
    if (closedSet.has(isoWeekday(startDay + t))) {
      open[t] = 0;
      continue;
    }
    tradingDays += 1;
    if ((values[t] as number) <= 0) zeroDays += 1;
  }
  let closures = 0;
  for (let t = 0; t < n; t += 1) if (knownClosed.has(startDay + t) && !closedSet.has(isoWeekday(startDay + t))) closures += 1;
  if (tradingDays > 0 && zeroDays / tradingDays <= DENSE_ZERO_SHARE) {
    for (let t = 0; t < n; t += 1) {
      if (open[t] && (values[t] as number) <= 0) {
        open[t] = 0;
        closures += 1;
      }
    }
  }
  return { open, closedWeekdays, closures };
}

import { addDays, dayNumber, formatDay, InsightInputError } from './insight/dates.ts';

/**
 * Report periods (issue 15, analytics): whole local days `from`..`to` inclusive, as
 * 'YYYY-MM-DD' in the business's time zone, with a comparison period. Shared by the web's
 * date-range picker and the server, which recomputes the comparison itself.
 */

/** The longest period a report covers: two years (a 20-year range is refused, not scanned). */
export const MAX_REPORT_DAYS = 731;

export const REPORT_PRESETS = ['today', 'yesterday', 'last_7_days', 'last_30_days', 'this_month', 'last_month', 'last_90_days', 'this_year'] as const;
export type ReportPreset = (typeof REPORT_PRESETS)[number];

export const REPORT_PRESET_LABELS: Record<ReportPreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  this_month: 'This month',
  last_month: 'Last month',
  last_90_days: 'Last 90 days',
  this_year: 'This year',
};

/** previous: the same number of days just before; previous_year: the same dates a year earlier; none. */
export const REPORT_COMPARISONS = ['previous', 'previous_year', 'none'] as const;
export type ReportComparison = (typeof REPORT_COMPARISONS)[number];

export const REPORT_COMPARISON_LABELS: Record<ReportComparison, string> = {
  previous: 'Previous period',
  previous_year: 'Same period last year',
  none: 'No comparison',
};

export interface DayRange {
  from: string;
  to: string;
}

/** Days in a range, both ends included. */
export function rangeDays(range: DayRange): number {
  return dayNumber(range.to) - dayNumber(range.from) + 1;
}

/** Every day of a range, in order. */
export function daysOf(range: DayRange): string[] {
  const first = dayNumber(range.from);
  return Array.from({ length: Math.max(0, rangeDays(range)) }, (_, index) => formatDay(first + index));
}

/**
 * A range cut into the whole calendar months inside it and the days left at either end, so a
 * year is read as 12 month rows and at most ~60 day rows (decision 054). `months` is null when the
 * range holds no whole month; `months.from` is a month's first day and `months.to` a month's last.
 */
export function splitByWholeMonths(range: DayRange): { months: DayRange | null; days: DayRange[] } {
  // The first day of the first whole month, and the last day of the last one (plain calendar
  // arithmetic: no day outside the range is parsed, so a range ending on 2200-12-31 is fine).
  const firstWhole = range.from.endsWith('-01') ? range.from : firstOfNextMonth(range.from);
  const lastWhole = range.to === lastOfMonth(range.to) ? range.to : lastOfPreviousMonth(range.to);
  if (firstWhole > lastWhole) return { months: null, days: [range] };
  const days: DayRange[] = [];
  if (range.from < firstWhole) days.push({ from: range.from, to: addDays(firstWhole, -1) });
  if (lastWhole < range.to) days.push({ from: addDays(lastWhole, 1), to: range.to });
  return { months: { from: firstWhole, to: lastWhole }, days };
}

const yearMonth = (day: string) => day.split('-').map(Number) as [number, number];
const pad = (value: number, width: number) => String(value).padStart(width, '0');

function firstOfNextMonth(day: string): string {
  const [year, month] = yearMonth(day);
  return month === 12 ? `${pad(year + 1, 4)}-01-01` : `${pad(year, 4)}-${pad(month + 1, 2)}-01`;
}

function lastOfMonth(day: string): string {
  const [year, month] = yearMonth(day);
  return `${pad(year, 4)}-${pad(month, 2)}-${pad(new Date(Date.UTC(year, month, 0)).getUTCDate(), 2)}`;
}

function lastOfPreviousMonth(day: string): string {
  const [year, month] = yearMonth(day);
  return month === 1 ? `${pad(year - 1, 4)}-12-31` : lastOfMonth(`${pad(year, 4)}-${pad(month - 1, 2)}-01`);
}

function sameDayLastYear(day: string): string {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  // 29 February goes to 28 February.
  const lastDay = new Date(Date.UTC(year - 1, month, 0)).getUTCDate();
  return `${String(year - 1).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(Math.min(date, lastDay)).padStart(2, '0')}`;
}

/** The period a report is compared with, or null for none. */
export function comparisonRange(range: DayRange, comparison: ReportComparison): DayRange | null {
  if (comparison === 'none') return null;
  if (comparison === 'previous_year') return { from: sameDayLastYear(range.from), to: sameDayLastYear(range.to) };
  const days = rangeDays(range);
  return { from: addDays(range.from, -days), to: addDays(range.from, -1) };
}

/** The days of a preset, given today's date in the business's time zone. */
export function presetRange(preset: ReportPreset, today: string): DayRange {
  const [year, month] = today.split('-') as [string, string];
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const day = addDays(today, -1);
      return { from: day, to: day };
    }
    case 'last_7_days':
      return { from: addDays(today, -6), to: today };
    case 'last_30_days':
      return { from: addDays(today, -29), to: today };
    case 'last_90_days':
      return { from: addDays(today, -89), to: today };
    case 'this_month':
      return { from: `${year}-${month}-01`, to: today };
    case 'last_month': {
      const lastOfPrevious = addDays(`${year}-${month}-01`, -1);
      return { from: `${lastOfPrevious.slice(0, 7)}-01`, to: lastOfPrevious };
    }
    case 'this_year':
      return { from: `${year}-01-01`, to: today };
  }
}

/** Why a range cannot be reported on, or null when it can. */
export function reportRangeProblem(range: DayRange): string | null {
  let days: number;
  try {
    days = rangeDays(range);
  } catch (error) {
    if (error instanceof InsightInputError) return error.message;
    throw error;
  }
  if (days < 1) return 'The end date is before the start date';
  if (days > MAX_REPORT_DAYS) return `A report covers at most ${MAX_REPORT_DAYS} days; choose a shorter period`;
  return null;
}

/** The wall-clock time in a time zone, as 'YYYY-MM-DD HH:MM:SS' (the day alone: `dayInZone`). */
export function localDateTimeIn(timeZone: string, now: Date = new Date()): string {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((item) => item.type === type)!.value;
  return `${part('year')}-${part('month')}-${part('day')} ${part('hour')}:${part('minute')}:${part('second')}`;
}


/** Change from a comparison value, as a fraction (0.25 = +25 %), or null when there is nothing to compare with. */
export function changeRatio(current: number, previous: number | null | undefined): number | null {
  if (previous === null || previous === undefined || previous === 0) return null;
  return (current - previous) / Math.abs(previous);
}

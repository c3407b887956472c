import { addDays, dayInZone, startOfDayInZone } from '@till/core';

export { addDays, dayInZone, isIsoDay, safeTimeZone, startOfDayInZone } from '@till/core';

/**
 * Calendar days in the business's time zone, with nothing but Intl: "today" at a shop in
 * Auckland is not today on the server or on the laptop of an owner travelling abroad.
 * A day is written YYYY-MM-DD (what <input type="date"> reads and writes).
 */

export const DATE_PRESETS = ['today', 'yesterday', '7d', '30d'] as const;
export type DatePreset = (typeof DATE_PRESETS)[number];

export const DATE_PRESET_LABELS: Record<DatePreset, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
};

/** A range of whole days, both ends included; null leaves that side open. */
export interface DayRange {
  from: string | null;
  to: string | null;
}

/** The days a preset covers at `now` in `timeZone`. */
export function presetDays(preset: DatePreset, now: Date, timeZone: string): { from: string; to: string } {
  const today = dayInZone(now, timeZone);
  switch (preset) {
    case 'today':
      return { from: today, to: today };
    case 'yesterday': {
      const yesterday = addDays(today, -1);
      return { from: yesterday, to: yesterday };
    }
    case '7d':
      return { from: addDays(today, -6), to: today };
    case '30d':
      return { from: addDays(today, -29), to: today };
  }
}

/**
 * The instants the API filters on: `from` is the start of the first day, `to` the start of the
 * day after the last (the server's `to` is exclusive). Days given backwards are swapped.
 */
export function dayRangeToInstants(range: DayRange, timeZone: string): { from?: string; to?: string } {
  let { from, to } = range;
  if (from && to && from > to) [from, to] = [to, from];
  return {
    ...(from ? { from: startOfDayInZone(from, timeZone).toISOString() } : {}),
    ...(to ? { to: startOfDayInZone(addDays(to, 1), timeZone).toISOString() } : {}),
  };
}

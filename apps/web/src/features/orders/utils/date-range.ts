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

const DAY_MS = 24 * 60 * 60 * 1000;
const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The zone itself when Intl knows it, else UTC (a bad stored value must not break the page). */
export function safeTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function wallClockFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What the clocks on the wall in `timeZone` show at `instant`, read as if it were UTC. */
function wallClockMs(instant: number, timeZone: string): number {
  const parts = wallClockFormatter(timeZone).formatToParts(new Date(instant));
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((part) => part.type === type)?.value ?? 0);
  return Date.UTC(get('year'), get('month') - 1, get('day'), get('hour') % 24, get('minute'), get('second'));
}

/** How far the zone's clocks are ahead of UTC at `instant` (negative west of Greenwich). */
function offsetMs(instant: number, timeZone: string): number {
  const whole = Math.floor(instant / 1000) * 1000;
  return wallClockMs(whole, timeZone) - whole;
}

function toIsoDay(utcMs: number): string {
  return new Date(utcMs).toISOString().slice(0, 10);
}

export function isIsoDay(value: string | null | undefined): value is string {
  if (!value) return false;
  const match = ISO_DAY.exec(value);
  if (!match) return false;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return toIsoDay(ms) === value;
}

function dayUtcMs(day: string): number {
  const match = ISO_DAY.exec(day);
  if (!match) throw new RangeError(`"${day}" is not a YYYY-MM-DD day`);
  return Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
}

export function addDays(day: string, days: number): string {
  return toIsoDay(dayUtcMs(day) + days * DAY_MS);
}

/** The day it is in `timeZone` at `now`. */
export function dayInZone(now: Date, timeZone: string): string {
  return toIsoDay(wallClockMs(now.getTime(), timeZone));
}

/**
 * The first instant of `day` in `timeZone`. Midnight normally; where a daylight-saving jump
 * skips midnight the day starts at the jump, and where midnight happens twice, at the first.
 */
export function startOfDayInZone(day: string, timeZone: string): Date {
  const wall = dayUtcMs(day);
  // The offsets a day before and after bracket any transition near this midnight.
  const candidates = [wall - DAY_MS, wall, wall + DAY_MS]
    .map((probe) => wall - offsetMs(probe, timeZone))
    .filter((instant) => dayInZone(new Date(instant), timeZone) === day)
    .sort((a, b) => a - b);
  return new Date(candidates[0] ?? wall);
}

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

/**
 * Days in a business's time zone (shared by every report: orders, Z reports, analytics): the
 * wall-clock day of an instant, and the first instant of a day, across daylight-saving jumps.
 */
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


/**
 * The instant the clocks in `timeZone` show `minutes` past midnight on `day` (minutes may pass
 * 1440). A wall time that happens twice (clocks going back) is its first instant; one that never
 * happens (clocks going forward) is read with the offset before the jump, so it lands as far
 * after the jump as it was meant to be after midnight — 02:30 on a 02:00→03:00 night is 03:30.
 */
export function zonedInstant(day: string, minutes: number, timeZone: string): Date {
  const wall = dayUtcMs(day) + minutes * 60_000;
  const candidates = [wall - DAY_MS, wall, wall + DAY_MS]
    .map((probe) => wall - offsetMs(probe, timeZone))
    .filter((instant) => wallClockMs(instant, timeZone) === wall)
    .sort((a, b) => a - b);
  if (candidates[0] !== undefined) return new Date(candidates[0]);
  return new Date(wall - offsetMs(wall - DAY_MS, timeZone));
}

/** Minutes past the zone's midnight that the clocks show at `instant` (0–1439). */
export function minuteOfDayInZone(instant: Date, timeZone: string): number {
  const wall = wallClockMs(instant.getTime(), timeZone);
  return Math.floor((wall % DAY_MS) / 60_000);
}

/** ISO weekday of a YYYY-MM-DD day: 1 Monday … 7 Sunday. */
export function weekdayOfDay(day: string): number {
  const weekday = new Date(dayUtcMs(day)).getUTCDay();
  return weekday === 0 ? 7 : weekday;
}


/**
 * Calendar dates and wall-clock times in the business's time zone, with Intl only (the app has
 * no date library). Dates are `YYYY-MM-DD`, wall times `YYYY-MM-DDTHH:mm` (what a
 * datetime-local input holds).
 */

const DAY_MS = 24 * 60 * 60 * 1000;

const partsFormatters = new Map<string, Intl.DateTimeFormat>();

function partsFormatter(timeZone: string): Intl.DateTimeFormat {
  let formatter = partsFormatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
      hourCycle: 'h23',
    });
    partsFormatters.set(timeZone, formatter);
  }
  return formatter;
}

/** A zone this browser knows, else UTC: a stored zone name is not trusted blindly. */
export function usableTimeZone(timeZone: string | null | undefined): string {
  if (!timeZone) return 'UTC';
  try {
    partsFormatter(timeZone);
    return timeZone;
  } catch {
    return 'UTC';
  }
}

interface WallParts {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

function wallParts(instant: Date, timeZone: string): WallParts {
  const parts = Object.fromEntries(partsFormatter(timeZone).formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    year: Number(parts.year),
    month: Number(parts.month),
    day: Number(parts.day),
    hour: Number(parts.hour),
    minute: Number(parts.minute),
    second: Number(parts.second),
  };
}

const pad = (value: number, length = 2) => String(value).padStart(length, '0');

/** The calendar date of an instant on the business's clock. */
export function localDate(instant: Date, timeZone: string): string {
  const parts = wallParts(instant, timeZone);
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}`;
}

/** The wall-clock time of an instant on the business's clock, as a datetime-local value. */
export function toWallTime(instant: Date, timeZone: string): string {
  const parts = wallParts(instant, timeZone);
  return `${pad(parts.year, 4)}-${pad(parts.month)}-${pad(parts.day)}T${pad(parts.hour)}:${pad(parts.minute)}`;
}

/** How far the zone's clock is ahead of UTC at an instant, in ms. */
function zoneOffsetMs(instant: Date, timeZone: string): number {
  const parts = wallParts(instant, timeZone);
  const asUtc = Date.UTC(parts.year, parts.month - 1, parts.day, parts.hour, parts.minute, parts.second);
  return asUtc - Math.floor(instant.getTime() / 1000) * 1000;
}

const WALL_TIME = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/**
 * The instant a wall-clock time in the zone names. In the hour a DST change skips, the time
 * is read with the offset from before the change (so 02:30 on a spring-forward night is 03:30);
 * in the hour that repeats, the earlier of the two is taken.
 */
export function fromWallTime(wallTime: string, timeZone: string): Date | null {
  const match = WALL_TIME.exec(wallTime);
  if (!match) return null;
  const [, year, month, day, hour, minute] = match.map(Number) as [number, number, number, number, number, number];
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  if (Number.isNaN(asUtc)) return null;
  const before = zoneOffsetMs(new Date(asUtc - DAY_MS / 2), timeZone);
  const after = zoneOffsetMs(new Date(asUtc + DAY_MS / 2), timeZone);
  const candidates = [asUtc - before, asUtc - after].filter((ms) => toWallTime(new Date(ms), timeZone) === wallTime);
  if (candidates.length > 0) return new Date(Math.min(...candidates));
  return new Date(asUtc - before);
}

function parseDate(date: string): number {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return Date.UTC(year, month - 1, day);
}

function formatDate(ms: number): string {
  const value = new Date(ms);
  return `${pad(value.getUTCFullYear(), 4)}-${pad(value.getUTCMonth() + 1)}-${pad(value.getUTCDate())}`;
}

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  return formatDate(parseDate(value)) === value;
}

export function addDays(date: string, days: number): string {
  return formatDate(parseDate(date) + days * DAY_MS);
}

export interface WeekRange {
  /** Monday. */
  from: string;
  /** Sunday, included. */
  to: string;
}

/** The week (Monday to Sunday, ISO 8601) that holds a calendar date. */
export function weekOf(date: string): WeekRange {
  const weekday = new Date(parseDate(date)).getUTCDay(); // 0 = Sunday
  const from = addDays(date, -((weekday + 6) % 7));
  return { from, to: addDays(from, 6) };
}

/** The week that holds an instant, on the business's calendar. */
export function weekContaining(instant: Date, timeZone: string): WeekRange {
  return weekOf(localDate(instant, timeZone));
}

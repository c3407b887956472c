import { formatClock, minuteOfDayInZone, zonedInstant } from '@till/core';

/** Times on the page are the business's wall clock (its time zone), whatever the browser's zone. */
export const HOUR_PX = 64;
export const SLOT_MINUTES = 30;

const timeFormatters = new Map<string, Intl.DateTimeFormat>();
export function formatTime(iso: string, timeZone: string): string {
  let formatter = timeFormatters.get(timeZone);
  if (!formatter) timeFormatters.set(timeZone, (formatter = new Intl.DateTimeFormat(undefined, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  return formatter.format(new Date(iso));
}

export function formatDay(day: string, style: 'long' | 'short' = 'long'): string {
  const date = new Date(`${day}T12:00:00Z`);
  return new Intl.DateTimeFormat(undefined, { timeZone: 'UTC', weekday: style, day: 'numeric', month: style === 'long' ? 'long' : 'short', ...(style === 'long' ? { year: 'numeric' } : {}) }).format(date);
}

/** "10:30" on a day in the zone → the instant, ISO. */
export function instantOf(day: string, clock: string, timeZone: string): string | null {
  const match = /^(\d{2}):(\d{2})$/.exec(clock);
  if (!match) return null;
  return zonedInstant(day, Number(match[1]) * 60 + Number(match[2]), timeZone).toISOString();
}

export const clockOf = (iso: string, timeZone: string) => formatClock(minuteOfDayInZone(new Date(iso), timeZone));
export const minuteOf = (iso: string, timeZone: string) => minuteOfDayInZone(new Date(iso), timeZone);

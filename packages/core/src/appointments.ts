import { addDays } from './insight/dates.ts';
import { dayInZone, weekdayOfDay, zonedInstant } from './zoned-days.ts';

/**
 * Appointment slots (issue 18 item 5, decision 032): a staff member's working hours are wall-clock
 * minutes per ISO weekday in the business's time zone, with an optional break; time off is whole
 * days. Everything here is arithmetic on instants, so a booking across a daylight-saving change
 * lasts exactly its duration and working hours keep to the clocks on the wall.
 */

export const APPOINTMENT_STATUSES = ['booked', 'completed', 'cancelled', 'no_show'] as const;
export type AppointmentStatus = (typeof APPOINTMENT_STATUSES)[number];

/** A booked appointment can still be moved or closed; the other states are final. */
export const isOpenAppointment = (status: AppointmentStatus) => status === 'booked';

/** Minutes are 0–1440 past the zone's midnight. */
export interface WorkingHours {
  /** ISO weekday, 1 Monday … 7 Sunday. */
  weekday: number;
  start: number;
  end: number;
  breakStart?: number | null | undefined;
  breakEnd?: number | null | undefined;
}

/** Both days included. */
export interface TimeOff {
  startsOn: string;
  endsOn: string;
}

export interface Interval {
  start: Date;
  end: Date;
}

export const SLOT_STEP_MINUTES = 15;
export const MAX_SERVICE_MINUTES = 12 * 60;

/** "09:30" → 570; null for anything else (24:00 is the end of the day). */
export function parseClock(value: string): number | null {
  const match = /^([01]\d|2[0-4]):([0-5]\d)$/.exec(value);
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  return minutes <= 24 * 60 ? minutes : null;
}

/** 570 → "09:30". */
export function formatClock(minutes: number): string {
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}

/** Why a day's hours make no sense, or null when they do. */
export function workingHoursProblem(hours: WorkingHours): string | null {
  if (!Number.isInteger(hours.weekday) || hours.weekday < 1 || hours.weekday > 7) return 'The weekday is 1 (Monday) to 7 (Sunday)';
  if (hours.start >= hours.end) return 'The working day must end after it starts';
  const hasBreakStart = hours.breakStart !== null && hours.breakStart !== undefined;
  const hasBreakEnd = hours.breakEnd !== null && hours.breakEnd !== undefined;
  if (hasBreakStart !== hasBreakEnd) return 'A break needs both a start and an end';
  if (hasBreakStart && hasBreakEnd) {
    if (hours.breakStart! >= hours.breakEnd!) return 'The break must end after it starts';
    if (hours.breakStart! <= hours.start || hours.breakEnd! >= hours.end) return 'The break must fall inside the working hours';
  }
  return null;
}

export const isOnTimeOff = (day: string, timeOff: readonly TimeOff[]) => timeOff.some((off) => off.startsOn <= day && day <= off.endsOn);

/** The instants a staff member works on `day` (the zone's day): none on a day off or on time off. */
export function workingIntervals(day: string, timeZone: string, hours: readonly WorkingHours[], timeOff: readonly TimeOff[]): Interval[] {
  if (isOnTimeOff(day, timeOff)) return [];
  const weekday = weekdayOfDay(day);
  const intervals: Interval[] = [];
  for (const row of hours) {
    if (row.weekday !== weekday) continue;
    const pieces: Array<[number, number]> =
      row.breakStart !== null && row.breakStart !== undefined && row.breakEnd !== null && row.breakEnd !== undefined
        ? [
            [row.start, row.breakStart],
            [row.breakEnd, row.end],
          ]
        : [[row.start, row.end]];
    for (const [from, to] of pieces) {
      const start = zonedInstant(day, from, timeZone);
      const end = zonedInstant(day, to, timeZone);
      if (end > start) intervals.push({ start, end });
    }
  }
  return intervals.sort((a, b) => a.start.getTime() - b.start.getTime());
}

export const overlaps = (a: Interval, b: Interval) => a.start < b.end && b.start < a.end;
export const addMinutes = (instant: Date, minutes: number) => new Date(instant.getTime() + minutes * 60_000);

export type BookingCheck = { ok: true } | { ok: false; reason: 'time_off' | 'outside_hours'; message: string };

/**
 * Whether a staff member can take [start, end): on a working day, within one stretch of their
 * hours (not across the break), and not on time off. An appointment may not run past midnight.
 */
export function checkWorkingTime(
  booking: Interval,
  timeZone: string,
  hours: readonly WorkingHours[],
  timeOff: readonly TimeOff[],
  staffName = 'This staff member',
): BookingCheck {
  const day = dayInZone(booking.start, timeZone);
  if (isOnTimeOff(day, timeOff)) return { ok: false, reason: 'time_off', message: `${staffName} is off on ${day}` };
  const intervals = workingIntervals(day, timeZone, hours, []);
  if (intervals.some((interval) => interval.start <= booking.start && booking.end <= interval.end)) return { ok: true };
  return { ok: false, reason: 'outside_hours', message: `${staffName} does not work then: choose a time within their working hours` };
}

/**
 * Start instants on `day` at which a service of `durationMinutes` fits a staff member's hours
 * without touching a busy interval, every `stepMinutes` from the start of each stretch of work.
 * Slots that start before `notBefore` (usually now) are left out.
 */
export function freeSlots(options: {
  day: string;
  timeZone: string;
  hours: readonly WorkingHours[];
  timeOff: readonly TimeOff[];
  busy: readonly Interval[];
  durationMinutes: number;
  stepMinutes?: number;
  notBefore?: Date;
}): Date[] {
  const step = options.stepMinutes ?? SLOT_STEP_MINUTES;
  const slots: Date[] = [];
  for (const interval of workingIntervals(options.day, options.timeZone, options.hours, options.timeOff)) {
    for (let start = interval.start; addMinutes(start, options.durationMinutes) <= interval.end; start = addMinutes(start, step)) {
      const candidate = { start, end: addMinutes(start, options.durationMinutes) };
      if (options.notBefore && start < options.notBefore) continue;
      if (options.busy.some((busy) => overlaps(busy, candidate))) continue;
      slots.push(start);
    }
  }
  return slots;
}

/** The instants a calendar of whole days covers: from the first day's start to the day after the last. */
export function daysRange(fromDay: string, toDay: string, timeZone: string): Interval {
  return { start: zonedInstant(fromDay, 0, timeZone), end: zonedInstant(addDays(toDay, 1), 0, timeZone) };
}

/** Monday of the week `day` falls in. */
export function mondayOf(day: string): string {
  return addDays(day, 1 - weekdayOfDay(day));
}

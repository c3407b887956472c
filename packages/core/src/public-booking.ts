import { freeSlots, type Interval, type TimeOff, type WorkingHours } from './appointments.ts';
import { addDays } from './insight/dates.ts';
import { dayInZone } from './zoned-days.ts';

/**
 * The public booking page's free times (issue 18 item 5, decision 040): the union, over the staff
 * who can do a service, of the starts at which one of them is free — inside their working hours
 * and out of their breaks, not on time off, clear of their appointments — no sooner than the
 * minimum notice and on a day no further ahead than the horizon, in the business's time zone.
 * Built on `freeSlots`, so it keeps the same wall-clock rules across daylight-saving changes.
 */
export interface BookableStaff {
  id: string;
  hours: readonly WorkingHours[];
  timeOff: readonly TimeOff[];
  busy: readonly Interval[];
}

export interface BookingPolicy {
  minNoticeHours: number;
  horizonDays: number;
}

export const PUBLIC_SLOT_STEP_MINUTES = 15;
export const MIN_NOTICE_HOURS_MAX = 720;
export const HORIZON_DAYS_MAX = 365;

/** The first and last day (business time) a visitor can book on: today … today + horizon. */
export function bookingWindow(now: Date, timeZone: string, policy: BookingPolicy): { firstDay: string; lastDay: string } {
  const today = dayInZone(now, timeZone);
  return { firstDay: today, lastDay: addDays(today, policy.horizonDays) };
}

export interface PublicSlot {
  start: Date;
  /** The staff free then, in the order given (the first is offered the booking). */
  staffIds: string[];
}

export function publicFreeSlots(options: {
  day: string;
  timeZone: string;
  staff: readonly BookableStaff[];
  durationMinutes: number;
  now: Date;
  policy: BookingPolicy;
  stepMinutes?: number;
}): PublicSlot[] {
  const window = bookingWindow(options.now, options.timeZone, options.policy);
  if (options.day < window.firstDay || options.day > window.lastDay) return [];
  const notBefore = new Date(options.now.getTime() + options.policy.minNoticeHours * 3_600_000);
  const byStart = new Map<number, PublicSlot>();
  for (const person of options.staff) {
    const starts = freeSlots({
      day: options.day,
      timeZone: options.timeZone,
      hours: person.hours,
      timeOff: person.timeOff,
      busy: person.busy,
      durationMinutes: options.durationMinutes,
      stepMinutes: options.stepMinutes ?? PUBLIC_SLOT_STEP_MINUTES,
      notBefore,
    });
    for (const start of starts) {
      const slot = byStart.get(start.getTime()) ?? { start, staffIds: [] };
      slot.staffIds.push(person.id);
      byStart.set(start.getTime(), slot);
    }
  }
  return [...byStart.values()].sort((a, b) => a.start.getTime() - b.start.getTime());
}

/** Who can take a booking starting at `start`, or an empty list when nobody can. */
export function staffFreeAt(start: Date, options: Omit<Parameters<typeof publicFreeSlots>[0], 'day'>): string[] {
  const day = dayInZone(start, options.timeZone);
  return publicFreeSlots({ ...options, day }).find((slot) => slot.start.getTime() === start.getTime())?.staffIds ?? [];
}

import { describe, expect, it } from 'vitest';
import { formatClock, type Interval, type WorkingHours } from './appointments.ts';
import { bookingWindow, publicFreeSlots, staffFreeAt, type BookableStaff } from './public-booking.ts';
import { minuteOfDayInZone, zonedInstant } from './zoned-days.ts';

const BERLIN = 'Europe/Berlin';
/** Every day 09:00–13:00 with a break 11:00–12:00. */
const everyDay: WorkingHours[] = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: 540, end: 780, breakStart: 660, breakEnd: 720 }));
const ann: BookableStaff = { id: 'ann', hours: everyDay, timeOff: [], busy: [] };
const bob: BookableStaff = { id: 'bob', hours: [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, start: 600, end: 720, breakStart: null, breakEnd: null })), timeOff: [], busy: [] };
const wall = (day: string, clock: string) => zonedInstant(day, Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3, 5)), BERLIN);
const busy = (day: string, from: string, to: string): Interval => ({ start: wall(day, from), end: wall(day, to) });
/** Midnight of 2026-01-05 in Berlin: a Monday. */
const NOW = wall('2026-01-05', '00:00');

function slots(day: string, staff: BookableStaff[], options: { now?: Date; notice?: number; horizon?: number; minutes?: number; step?: number } = {}) {
  return publicFreeSlots({
    day,
    timeZone: BERLIN,
    staff,
    durationMinutes: options.minutes ?? 60,
    now: options.now ?? NOW,
    policy: { minNoticeHours: options.notice ?? 0, horizonDays: options.horizon ?? 30 },
    stepMinutes: options.step ?? 30,
  }).map((slot) => `${formatClock(minuteOfDayInZone(slot.start, BERLIN))} ${slot.staffIds.join('+')}`);
}

describe('publicFreeSlots', () => {
  it.each([
    ['a plain day: inside hours, not across the break', '2026-01-06', [ann], {}, ['09:00 ann', '09:30 ann', '10:00 ann', '12:00 ann']],
    ['two staff: the union, each start naming who is free', '2026-01-06', [ann, bob], {}, ['09:00 ann', '09:30 ann', '10:00 ann+bob', '10:30 bob', '11:00 bob', '12:00 ann']],
    ['an existing booking hides the starts it overlaps', '2026-01-06', [{ ...ann, busy: [busy('2026-01-06', '09:30', '10:30')] }], {}, ['12:00 ann']],
    ['a booking ending at 09:30 leaves 09:30 free (half-open)', '2026-01-06', [{ ...ann, busy: [busy('2026-01-06', '08:30', '09:30')] }], {}, ['09:30 ann', '10:00 ann', '12:00 ann']],
    ['one person busy, the other still offers the time', '2026-01-06', [{ ...ann, busy: [busy('2026-01-06', '10:00', '11:00')] }, bob], {}, ['09:00 ann', '10:00 bob', '10:30 bob', '11:00 bob', '12:00 ann']],
    ['time off takes the whole day', '2026-01-06', [{ ...ann, timeOff: [{ startsOn: '2026-01-06', endsOn: '2026-01-07' }] }], {}, []],
    ['the day after time off is bookable again', '2026-01-08', [{ ...ann, timeOff: [{ startsOn: '2026-01-06', endsOn: '2026-01-07' }] }], {}, ['09:00 ann', '09:30 ann', '10:00 ann', '12:00 ann']],
    ['minimum notice: nothing before now + 34 hours', '2026-01-06', [ann], { notice: 34 }, ['10:00 ann', '12:00 ann']],
    ['a day in the past has nothing', '2026-01-04', [ann], {}, []],
    ['the last day of the horizon is bookable', '2026-01-12', [ann], { horizon: 7 }, ['09:00 ann', '09:30 ann', '10:00 ann', '12:00 ann']],
    ['the day after the horizon is not', '2026-01-13', [ann], { horizon: 7 }, []],
    ['a service longer than any stretch has nothing', '2026-01-06', [ann], { minutes: 150 }, []],
    ['nobody can do it', '2026-01-06', [], {}, []],
    ['spring-forward Sunday in Berlin keeps the wall clock', '2026-03-29', [ann], { now: wall('2026-03-28', '12:00') }, ['09:00 ann', '09:30 ann', '10:00 ann', '12:00 ann']],
    ['fall-back Sunday in Berlin keeps the wall clock', '2026-10-25', [bob], { now: wall('2026-10-24', '12:00'), step: 60 }, ['10:00 bob', '11:00 bob']],
  ])('%s', (_name, day, staff, options, expected) => {
    expect(slots(day, staff, options)).toEqual(expected);
  });

  it('on the spring-forward day the instants are an hour closer in UTC than the day before', () => {
    const sunday = publicFreeSlots({ day: '2026-03-29', timeZone: BERLIN, staff: [ann], durationMinutes: 60, now: wall('2026-03-27', '12:00'), policy: { minNoticeHours: 0, horizonDays: 30 } });
    const saturday = publicFreeSlots({ day: '2026-03-28', timeZone: BERLIN, staff: [ann], durationMinutes: 60, now: wall('2026-03-27', '12:00'), policy: { minNoticeHours: 0, horizonDays: 30 } });
    expect(sunday[0]!.start.toISOString()).toBe('2026-03-29T07:00:00.000Z');
    expect(saturday[0]!.start.toISOString()).toBe('2026-03-28T08:00:00.000Z');
  });
});

describe('bookingWindow and staffFreeAt', () => {
  it.each([
    ['just after midnight in Berlin is already the next day', new Date('2026-01-05T23:30:00Z'), 3, { firstDay: '2026-01-06', lastDay: '2026-01-09' }],
    ['a one-day horizon', NOW, 1, { firstDay: '2026-01-05', lastDay: '2026-01-06' }],
  ])('%s', (_name, now, horizonDays, expected) => {
    expect(bookingWindow(now, BERLIN, { minNoticeHours: 0, horizonDays })).toEqual(expected);
  });

  it.each([
    ['a free start names who is free', wall('2026-01-06', '10:00'), ['ann', 'bob']],
    ['a start between slots is nobody’s', wall('2026-01-06', '10:10'), []],
    ['inside the break', wall('2026-01-06', '11:00'), ['bob']],
    ['before the notice', wall('2026-01-05', '10:00'), []],
  ])('%s', (_name, start, expected) => {
    expect(staffFreeAt(start, { timeZone: BERLIN, staff: [ann, bob], durationMinutes: 60, now: NOW, policy: { minNoticeHours: 12, horizonDays: 30 } })).toEqual(expected);
  });
});

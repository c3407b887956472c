import { describe, expect, it } from 'vitest';
import { checkWorkingTime, daysRange, formatClock, freeSlots, mondayOf, parseClock, workingHoursProblem, workingIntervals, type WorkingHours } from './appointments.ts';
import { minuteOfDayInZone, weekdayOfDay, zonedInstant } from './zoned-days.ts';

const iso = (instant: Date) => instant.toISOString();
const at = (text: string) => new Date(text);

describe('zonedInstant: a wall-clock time in a zone', () => {
  it.each([
    ['UTC midday', '2026-06-10', 12 * 60, 'UTC', '2026-06-10T12:00:00.000Z'],
    ['Berlin in summer (+2)', '2026-06-10', 9 * 60, 'Europe/Berlin', '2026-06-10T07:00:00.000Z'],
    ['Berlin in winter (+1)', '2026-01-10', 9 * 60, 'Europe/Berlin', '2026-01-10T08:00:00.000Z'],
    ['New York in winter (−5)', '2026-01-10', 9 * 60, 'America/New_York', '2026-01-10T14:00:00.000Z'],
    ['Berlin spring-forward day, after the jump', '2026-03-29', 9 * 60, 'Europe/Berlin', '2026-03-29T07:00:00.000Z'],
    ['Berlin spring-forward day, before the jump', '2026-03-29', 60, 'Europe/Berlin', '2026-03-29T00:00:00.000Z'],
    ['Berlin 02:30 does not exist: read as 03:30', '2026-03-29', 150, 'Europe/Berlin', '2026-03-29T01:30:00.000Z'],
    ['Berlin 02:30 on the fall-back night happens twice: the first', '2026-10-25', 150, 'Europe/Berlin', '2026-10-25T00:30:00.000Z'],
    ['Berlin fall-back day, after the jump', '2026-10-25', 9 * 60, 'Europe/Berlin', '2026-10-25T08:00:00.000Z'],
    ['24:00 is the next midnight', '2026-06-10', 24 * 60, 'Europe/Berlin', '2026-06-10T22:00:00.000Z'],
    ['Lord Howe moves by half an hour', '2026-10-04', 9 * 60, 'Australia/Lord_Howe', '2026-10-03T22:00:00.000Z'],
  ])('%s', (_name, day, minutes, zone, expected) => {
    expect(iso(zonedInstant(day, minutes, zone))).toBe(expected);
    if (!_name.includes('does not exist')) expect(minuteOfDayInZone(zonedInstant(day, minutes, zone), zone)).toBe(minutes % 1440);
  });

  it.each([
    ['2026-11-23', 1],
    ['2026-11-28', 6],
    ['2026-11-29', 7],
    ['2024-02-29', 4],
  ])('weekday of %s is %i', (day, weekday) => expect(weekdayOfDay(day)).toBe(weekday));

  it('Monday of the week', () => {
    expect(mondayOf('2026-11-29')).toBe('2026-11-23');
    expect(mondayOf('2026-11-23')).toBe('2026-11-23');
    expect(mondayOf('2027-01-01')).toBe('2026-12-28');
  });
});

describe('clock text', () => {
  it.each([
    ['09:30', 570],
    ['00:00', 0],
    ['24:00', 1440],
    ['24:01', null],
    ['9:30', null],
    ['12:60', null],
    ['', null],
  ])('%s → %s', (text, minutes) => {
    expect(parseClock(text)).toBe(minutes);
    if (minutes !== null) expect(formatClock(minutes)).toBe(text);
  });
});

describe('workingHoursProblem', () => {
  it.each<[string, WorkingHours, string | null]>([
    ['a plain day', { weekday: 1, start: 540, end: 1020 }, null],
    ['with a lunch break', { weekday: 1, start: 540, end: 1020, breakStart: 720, breakEnd: 780 }, null],
    ['ends before it starts', { weekday: 1, start: 1020, end: 540 }, 'The working day must end after it starts'],
    ['weekday 0', { weekday: 0, start: 540, end: 1020 }, 'The weekday is 1 (Monday) to 7 (Sunday)'],
    ['half a break', { weekday: 1, start: 540, end: 1020, breakStart: 720 }, 'A break needs both a start and an end'],
    ['break outside the day', { weekday: 1, start: 540, end: 1020, breakStart: 1000, breakEnd: 1100 }, 'The break must fall inside the working hours'],
    ['break backwards', { weekday: 1, start: 540, end: 1020, breakStart: 780, breakEnd: 720 }, 'The break must end after it starts'],
  ])('%s', (_name, hours, problem) => expect(workingHoursProblem(hours)).toBe(problem));
});

// Berlin, Sundays 09:00–17:00 with a break 12:00–13:00 (both DST changes of 2026 fall on Sundays).
const sundays: WorkingHours[] = [{ weekday: 7, start: 540, end: 1020, breakStart: 720, breakEnd: 780 }];
const BERLIN = 'Europe/Berlin';

describe('workingIntervals', () => {
  it.each([
    ['a winter Sunday (+1)', '2026-01-11', [['2026-01-11T08:00:00.000Z', '2026-01-11T11:00:00.000Z'], ['2026-01-11T12:00:00.000Z', '2026-01-11T16:00:00.000Z']]],
    ['spring forward (+1 → +2), still 8 wall-clock hours', '2026-03-29', [['2026-03-29T07:00:00.000Z', '2026-03-29T10:00:00.000Z'], ['2026-03-29T11:00:00.000Z', '2026-03-29T15:00:00.000Z']]],
    ['fall back (+2 → +1)', '2026-10-25', [['2026-10-25T08:00:00.000Z', '2026-10-25T11:00:00.000Z'], ['2026-10-25T12:00:00.000Z', '2026-10-25T16:00:00.000Z']]],
    ['a Monday: no hours', '2026-01-12', []],
  ])('%s', (_name, day, expected) => {
    expect(workingIntervals(day, BERLIN, sundays, []).map((interval) => [iso(interval.start), iso(interval.end)])).toEqual(expected);
  });

  it('time off takes the whole day, both ends included', () => {
    const off = [{ startsOn: '2026-03-29', endsOn: '2026-04-05' }];
    expect(workingIntervals('2026-03-29', BERLIN, sundays, off)).toEqual([]);
    expect(workingIntervals('2026-04-05', BERLIN, sundays, off)).toEqual([]);
    expect(workingIntervals('2026-04-12', BERLIN, sundays, off)).toHaveLength(2);
  });
});

describe('checkWorkingTime', () => {
  const hour = (start: string, minutes = 60) => ({ start: at(start), end: new Date(at(start).getTime() + minutes * 60_000) });
  it.each([
    ['10:00 Berlin on spring-forward Sunday', hour('2026-03-29T08:00:00Z'), true, null],
    ['09:00 is the first minute of work', hour('2026-03-29T07:00:00Z'), true, null],
    ['08:30 starts before work', hour('2026-03-29T06:30:00Z'), false, 'outside_hours'],
    ['11:30 runs into the break', hour('2026-03-29T09:30:00Z'), false, 'outside_hours'],
    ['16:00 to 17:00 ends with the day', hour('2026-03-29T14:00:00Z'), true, null],
    ['16:30 runs past the end', hour('2026-03-29T14:30:00Z'), false, 'outside_hours'],
    ['a Monday', hour('2026-03-30T08:00:00Z'), false, 'outside_hours'],
    ['on time off', hour('2026-04-05T08:00:00Z'), false, 'time_off'],
  ])('%s', (_name, booking, ok, reason) => {
    const result = checkWorkingTime(booking, BERLIN, sundays, [{ startsOn: '2026-04-05', endsOn: '2026-04-05' }], 'Ann');
    expect(result.ok).toBe(ok);
    if (!result.ok) {
      expect(result.reason).toBe(reason);
      expect(result.message).toMatch(/^Ann /);
    }
  });
});

describe('freeSlots', () => {
  const slotsOn = (day: string, options: Partial<Parameters<typeof freeSlots>[0]> = {}) =>
    freeSlots({ day, timeZone: BERLIN, hours: sundays, timeOff: [], busy: [], durationMinutes: 60, stepMinutes: 30, ...options }).map((slot) =>
      formatClock(minuteOfDayInZone(slot, BERLIN)),
    );

  it.each([
    ['a winter Sunday', '2026-01-11'],
    ['spring forward', '2026-03-29'],
    ['fall back', '2026-10-25'],
  ])('60-minute slots every 30 minutes on %s keep to the wall clock', (_name, day) => {
    expect(slotsOn(day)).toEqual(['09:00', '09:30', '10:00', '10:30', '11:00', '13:00', '13:30', '14:00', '14:30', '15:00', '15:30', '16:00']);
  });

  it('busy time and now are left out; a day off has none', () => {
    const busy = [{ start: zonedInstant('2026-01-11', 600, BERLIN), end: zonedInstant('2026-01-11', 660, BERLIN) }];
    expect(slotsOn('2026-01-11', { busy, notBefore: zonedInstant('2026-01-11', 570, BERLIN) })).toEqual([
      '11:00',
      '13:00',
      '13:30',
      '14:00',
      '14:30',
      '15:00',
      '15:30',
      '16:00',
    ]);
    expect(slotsOn('2026-01-11', { timeOff: [{ startsOn: '2026-01-11', endsOn: '2026-01-11' }] })).toEqual([]);
    expect(slotsOn('2026-01-12')).toEqual([]);
  });

  it('a whole-days range covers 23 or 25 hours on DST days', () => {
    const spring = daysRange('2026-03-29', '2026-03-29', BERLIN);
    expect((spring.end.getTime() - spring.start.getTime()) / 3_600_000).toBe(23);
    const fall = daysRange('2026-10-25', '2026-10-25', BERLIN);
    expect((fall.end.getTime() - fall.start.getTime()) / 3_600_000).toBe(25);
  });
});

import { describe, expect, it } from 'vitest';
import { addDays, fromWallTime, isCalendarDate, localDate, toWallTime, usableTimeZone, weekContaining, weekOf } from './zoned-time';

describe('weekOf (Monday to Sunday)', () => {
  it.each([
    ['2025-03-03', '2025-03-03', '2025-03-09'], // a Monday
    ['2025-03-05', '2025-03-03', '2025-03-09'],
    ['2025-03-09', '2025-03-03', '2025-03-09'], // a Sunday
    ['2025-01-01', '2024-12-30', '2025-01-05'], // across the year
    ['2024-02-29', '2024-02-26', '2024-03-03'], // leap day
  ])('%s is in %s..%s', (date, from, to) => {
    expect(weekOf(date)).toEqual({ from, to });
  });
});

describe('weekContaining (the business time zone decides the date)', () => {
  // Sunday 2025-03-09 22:30 UTC is already Monday 2025-03-10 in Auckland and still Sunday in Los Angeles.
  const instant = new Date('2025-03-09T22:30:00Z');

  it('takes the week of the local date', () => {
    expect(weekContaining(instant, 'UTC')).toEqual({ from: '2025-03-03', to: '2025-03-09' });
    expect(weekContaining(instant, 'Pacific/Auckland')).toEqual({ from: '2025-03-10', to: '2025-03-16' });
    expect(weekContaining(instant, 'America/Los_Angeles')).toEqual({ from: '2025-03-03', to: '2025-03-09' });
  });

  it('reads local dates on either side of midnight', () => {
    expect(localDate(new Date('2025-03-09T23:59:59Z'), 'UTC')).toBe('2025-03-09');
    expect(localDate(new Date('2025-03-09T23:00:00Z'), 'Europe/Berlin')).toBe('2025-03-10');
    expect(localDate(new Date('2025-03-10T06:59:00Z'), 'America/Los_Angeles')).toBe('2025-03-09');
  });
});

describe('wall times in a zone', () => {
  it('round-trips through an instant', () => {
    for (const zone of ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata', 'Pacific/Chatham']) {
      const instant = new Date('2025-07-14T09:15:00Z');
      const wall = toWallTime(instant, zone);
      expect(fromWallTime(wall, zone)?.toISOString()).toBe(instant.toISOString());
    }
  });

  it('reads a wall time with the offset of its own date, not of today', () => {
    expect(fromWallTime('2025-01-15T09:00', 'Europe/Berlin')?.toISOString()).toBe('2025-01-15T08:00:00.000Z');
    expect(fromWallTime('2025-07-15T09:00', 'Europe/Berlin')?.toISOString()).toBe('2025-07-15T07:00:00.000Z');
  });

  it('handles the hour a DST change skips and the hour it repeats', () => {
    // Berlin jumps from 02:00 to 03:00 on 2025-03-30: 02:30 does not exist and reads as 03:30 (01:30 UTC).
    expect(fromWallTime('2025-03-30T02:30', 'Europe/Berlin')?.toISOString()).toBe('2025-03-30T01:30:00.000Z');
    // 02:30 on 2025-10-26 happens twice: the first one (still summer time, UTC+2) is taken.
    expect(fromWallTime('2025-10-26T02:30', 'Europe/Berlin')?.toISOString()).toBe('2025-10-26T00:30:00.000Z');
  });

  it('refuses what is not a wall time', () => {
    expect(fromWallTime('', 'UTC')).toBeNull();
    expect(fromWallTime('2025-03-30', 'UTC')).toBeNull();
    expect(fromWallTime('yesterday', 'UTC')).toBeNull();
  });
});

describe('small helpers', () => {
  it('adds days across months and years', () => {
    expect(addDays('2025-02-28', 1)).toBe('2025-03-01');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(addDays('2025-03-03', 7)).toBe('2025-03-10');
  });

  it('tells calendar dates from look-alikes', () => {
    expect(isCalendarDate('2025-02-28')).toBe(true);
    expect(isCalendarDate('2025-02-30')).toBe(false);
    expect(isCalendarDate('2025-2-3')).toBe(false);
  });

  it('falls back to UTC for a zone the browser does not know', () => {
    expect(usableTimeZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(usableTimeZone(null)).toBe('UTC');
    expect(usableTimeZone('Europe/Berlin')).toBe('Europe/Berlin');
  });
});

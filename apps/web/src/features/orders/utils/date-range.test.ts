import { describe, expect, it } from 'vitest';
import { addDays, dayInZone, dayRangeToInstants, isIsoDay, presetDays, safeTimeZone, startOfDayInZone } from './date-range';

describe('startOfDayInZone', () => {
  it.each([
    ['a winter day in New York', '2025-01-15', 'America/New_York', '2025-01-15T05:00:00.000Z'],
    ['the day clocks go forward at 2 am (midnight is still standard time)', '2025-03-09', 'America/New_York', '2025-03-09T05:00:00.000Z'],
    ['the day after', '2025-03-10', 'America/New_York', '2025-03-10T04:00:00.000Z'],
    ['the day clocks go back at 2 am (midnight is still summer time)', '2025-11-02', 'America/New_York', '2025-11-02T04:00:00.000Z'],
    ['the day after that', '2025-11-03', 'America/New_York', '2025-11-03T05:00:00.000Z'],
    ['a zone ahead of UTC: Auckland in summer', '2025-01-15', 'Pacific/Auckland', '2025-01-14T11:00:00.000Z'],
    ['a half-hour zone', '2025-06-01', 'Asia/Kolkata', '2025-05-31T18:30:00.000Z'],
    ['midnight skipped by the jump (Santiago): the day starts at 01:00', '2024-09-08', 'America/Santiago', '2024-09-08T04:00:00.000Z'],
    ['midnight twice (Santiago falls back at midnight): the first', '2025-04-06', 'America/Santiago', '2025-04-06T04:00:00.000Z'],
    ['UTC', '2025-02-28', 'UTC', '2025-02-28T00:00:00.000Z'],
  ])('%s', (_name, day, timeZone, expected) => {
    expect(startOfDayInZone(day, timeZone).toISOString()).toBe(expected);
  });

  it('is the first instant whose day in the zone is that day', () => {
    for (const timeZone of ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'America/Santiago', 'Asia/Tehran']) {
      for (let day = '2025-01-01'; day < '2026-01-01'; day = addDays(day, 1)) {
        const start = startOfDayInZone(day, timeZone).getTime();
        expect(dayInZone(new Date(start), timeZone)).toBe(day);
        expect(dayInZone(new Date(start - 1000), timeZone)).toBe(addDays(day, -1));
      }
    }
  });
});

describe('dayInZone', () => {
  it('reads the date on the shop wall, not in UTC', () => {
    const instant = new Date('2025-03-09T04:30:00Z');
    expect(dayInZone(instant, 'UTC')).toBe('2025-03-09');
    expect(dayInZone(instant, 'America/New_York')).toBe('2025-03-08');
    expect(dayInZone(instant, 'Pacific/Auckland')).toBe('2025-03-09');
    expect(dayInZone(new Date('2025-03-09T11:30:00Z'), 'Pacific/Auckland')).toBe('2025-03-10');
  });
});

describe('presetDays', () => {
  // 20:00 on Sunday 9 March in Los Angeles, already Monday in UTC.
  const now = new Date('2025-03-10T03:00:00Z');
  const timeZone = 'America/Los_Angeles';

  it.each([
    ['today', { from: '2025-03-09', to: '2025-03-09' }],
    ['yesterday', { from: '2025-03-08', to: '2025-03-08' }],
    ['7d', { from: '2025-03-03', to: '2025-03-09' }],
    ['30d', { from: '2025-02-08', to: '2025-03-09' }],
  ] as const)('%s', (preset, expected) => {
    expect(presetDays(preset, now, timeZone)).toEqual(expected);
  });

  it('crosses months and years', () => {
    expect(presetDays('yesterday', new Date('2025-01-01T12:00:00Z'), 'UTC')).toEqual({ from: '2024-12-31', to: '2024-12-31' });
    expect(presetDays('7d', new Date('2024-03-02T12:00:00Z'), 'UTC')).toEqual({ from: '2024-02-25', to: '2024-03-02' });
  });
});

describe('dayRangeToInstants', () => {
  it('runs from the start of the first day to the start of the day after the last (the API end is exclusive)', () => {
    // The day daylight saving starts in Los Angeles is 23 hours long.
    expect(dayRangeToInstants({ from: '2025-03-09', to: '2025-03-09' }, 'America/Los_Angeles')).toEqual({
      from: '2025-03-09T08:00:00.000Z',
      to: '2025-03-10T07:00:00.000Z',
    });
  });

  it('leaves an open side open and swaps days given backwards', () => {
    expect(dayRangeToInstants({ from: null, to: null }, 'UTC')).toEqual({});
    expect(dayRangeToInstants({ from: '2025-05-01', to: null }, 'UTC')).toEqual({ from: '2025-05-01T00:00:00.000Z' });
    expect(dayRangeToInstants({ from: null, to: '2025-05-01' }, 'UTC')).toEqual({ to: '2025-05-02T00:00:00.000Z' });
    expect(dayRangeToInstants({ from: '2025-05-03', to: '2025-05-01' }, 'UTC')).toEqual({
      from: '2025-05-01T00:00:00.000Z',
      to: '2025-05-04T00:00:00.000Z',
    });
  });
});

describe('isIsoDay and safeTimeZone', () => {
  it.each([
    ['2025-02-28', true],
    ['2024-02-29', true],
    ['2025-02-29', false],
    ['2025-2-28', false],
    ['2025-02-28T00:00', false],
    ['', false],
  ])('isIsoDay(%j) is %s', (value, expected) => {
    expect(isIsoDay(value)).toBe(expected);
  });

  it('falls back to UTC for a zone Intl does not know', () => {
    expect(safeTimeZone('Europe/Paris')).toBe('Europe/Paris');
    expect(safeTimeZone('Mars/Olympus_Mons')).toBe('UTC');
    expect(safeTimeZone(null)).toBe('UTC');
  });
});

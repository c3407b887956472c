import { describe, expect, it } from 'vitest';
import { breakMinutes, formatDuration, formatHours, zonedFormatters } from './format';

describe('formatHours', () => {
  it('shows two decimals and a unit', () => {
    expect(formatHours(9)).toMatch(/^9[.,]00 h$/);
    expect(formatHours(1.5)).toMatch(/^1[.,]50 h$/);
    expect(formatHours(null)).toBe('—');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 min'],
    [59_999, '0 min'],
    [45 * 60_000, '45 min'],
    [(3 * 60 + 5) * 60_000, '3 h 05 min'],
    [-5, '0 min'],
  ])('%s ms → %s', (ms, text) => {
    expect(formatDuration(ms)).toBe(text);
  });
});

describe('breakMinutes', () => {
  const clockIn = '2025-03-03T08:00:00Z';
  it('counts a finished break, a running one up to now, and none', () => {
    expect(breakMinutes({ break_start_time: '2025-03-03T12:00:00Z', break_end_time: '2025-03-03T12:30:00Z', clock_out_time: null }, 0)).toBe(30);
    expect(breakMinutes({ break_start_time: '2025-03-03T12:00:00Z', break_end_time: null, clock_out_time: null }, Date.parse('2025-03-03T12:10:00Z'))).toBe(10);
    expect(breakMinutes({ break_start_time: null, break_end_time: null, clock_out_time: clockIn }, 0)).toBeNull();
  });
});

describe('zonedFormatters', () => {
  it('shows times on the business clock, not the browser’s', () => {
    const berlin = zonedFormatters('Europe/Berlin');
    const tokyo = zonedFormatters('Asia/Tokyo');
    const instant = '2025-03-03T08:00:00Z';
    expect(berlin.time(instant)).toMatch(/09[:.]00/);
    expect(tokyo.time(instant)).toMatch(/17[:.]00|05[:.]00/);
  });

  it('writes a week as one range', () => {
    expect(zonedFormatters('UTC').dayRange('2025-03-03', '2025-03-09')).toMatch(/3.*9.*2025/);
  });

  it('never moves a calendar date to another day', () => {
    expect(zonedFormatters('Pacific/Kiritimati').dayRange('2025-03-03', '2025-03-09')).toBe(zonedFormatters('UTC').dayRange('2025-03-03', '2025-03-09'));
  });
});

describe('workedMs', () => {
  it('subtracts the break from the time since clock-in', async () => {
    const { workedMs } = await import('./format');
    const entry = { clock_in_time: '2025-03-03T08:00:00Z', break_start_time: '2025-03-03T12:00:00Z', break_end_time: '2025-03-03T12:30:00Z', clock_out_time: null };
    expect(workedMs(entry, Date.parse('2025-03-03T17:30:00Z'))).toBe(9 * 3_600_000);
    expect(workedMs({ ...entry, break_end_time: null }, Date.parse('2025-03-03T12:10:00Z'))).toBe(4 * 3_600_000);
  });
});

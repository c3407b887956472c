import { describe, expect, it } from 'vitest';
import { changeRatio, localDateTimeIn, comparisonRange, daysOf, MAX_REPORT_DAYS, presetRange, reportRangeProblem, splitByWholeMonths } from './report-range.ts';

describe('report periods', () => {
  it.each([
    // range, whole months, days left at the ends
    [['2026-03-01', '2026-03-31'], ['2026-03-01', '2026-03-31'], []],
    [['2026-03-02', '2026-03-31'], null, [['2026-03-02', '2026-03-31']]],
    [['2026-03-01', '2026-03-30'], null, [['2026-03-01', '2026-03-30']]],
    [['2026-03-10', '2026-03-20'], null, [['2026-03-10', '2026-03-20']]],
    [['2026-01-31', '2026-03-01'], ['2026-02-01', '2026-02-28'], [['2026-01-31', '2026-01-31'], ['2026-03-01', '2026-03-01']]],
    [['2024-02-01', '2024-02-29'], ['2024-02-01', '2024-02-29'], []],
    [['2025-11-28', '2026-11-27'], ['2025-12-01', '2026-10-31'], [['2025-11-28', '2025-11-30'], ['2026-11-01', '2026-11-27']]],
    [['2025-12-15', '2026-01-31'], ['2026-01-01', '2026-01-31'], [['2025-12-15', '2025-12-31']]],
    [['2026-12-01', '2027-01-05'], ['2026-12-01', '2026-12-31'], [['2027-01-01', '2027-01-05']]],
    [['2026-03-05', '2026-03-05'], null, [['2026-03-05', '2026-03-05']]],
    [['2200-12-01', '2200-12-31'], ['2200-12-01', '2200-12-31'], []],
    [['2200-11-15', '2200-12-30'], null, [['2200-11-15', '2200-12-30']]],
  ] as const)('cuts %j into whole months %j and the days %j', ([from, to], months, days) => {
    expect(splitByWholeMonths({ from, to })).toEqual({
      months: months && { from: months[0], to: months[1] },
      days: days.map(([dayFrom, dayTo]) => ({ from: dayFrom, to: dayTo })),
    });
  });

  it('compares with the days just before, or the same dates a year earlier', () => {
    expect(comparisonRange({ from: '2026-03-01', to: '2026-03-07' }, 'previous')).toEqual({ from: '2026-02-22', to: '2026-02-28' });
    expect(comparisonRange({ from: '2024-02-29', to: '2024-03-01' }, 'previous_year')).toEqual({ from: '2023-02-28', to: '2023-03-01' });
    expect(comparisonRange({ from: '2026-03-01', to: '2026-03-01' }, 'none')).toBeNull();
  });

  it('turns presets into days from local today', () => {
    expect(presetRange('last_7_days', '2026-03-10')).toEqual({ from: '2026-03-04', to: '2026-03-10' });
    expect(presetRange('last_month', '2026-03-10')).toEqual({ from: '2026-02-01', to: '2026-02-28' });
    expect(presetRange('last_month', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(presetRange('this_year', '2026-03-10')).toEqual({ from: '2026-01-01', to: '2026-03-10' });
    expect(daysOf({ from: '2026-02-27', to: '2026-03-01' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });

  it('refuses reversed, too long and impossible ranges', () => {
    expect(reportRangeProblem({ from: '2026-03-01', to: '2026-03-31' })).toBeNull();
    expect(reportRangeProblem({ from: '2026-03-02', to: '2026-03-01' })).toMatch(/before/);
    expect(reportRangeProblem({ from: '2006-01-01', to: '2026-01-01' })).toMatch(String(MAX_REPORT_DAYS));
    expect(reportRangeProblem({ from: '2026-02-30', to: '2026-03-01' })).toMatch(/not a calendar date/);
    expect(reportRangeProblem({ from: '9000-01-01', to: '9000-01-02' })).toMatch(/outside/);
  });

  it('reads today in the business time zone and measures change', () => {
    const now = new Date('2026-03-10T23:30:00Z');
    expect(localDateTimeIn('UTC', now)).toBe('2026-03-10 23:30:00');
    expect(localDateTimeIn('Europe/Berlin', now)).toBe('2026-03-11 00:30:00');
    expect(localDateTimeIn('America/Los_Angeles', now)).toBe('2026-03-10 16:30:00');
    expect(localDateTimeIn('Asia/Kolkata', new Date('2026-03-10T18:30:05Z'))).toBe('2026-03-11 00:00:05');
    expect(changeRatio(150, 100)).toBe(0.5);
    expect(changeRatio(150, 0)).toBeNull();
  });
});

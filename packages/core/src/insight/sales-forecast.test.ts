import { describe, expect, it } from 'vitest';
import { backtestSales } from './backtest.ts';
import { addDays, InsightInputError, isoWeekday, dayNumber } from './dates.ts';
import { forecastSales } from './sales-forecast.ts';
import { toDailySeries } from './series.ts';
import { syntheticSales } from './testing/synthetic.ts';

const relativeErrors = (points: { forecast: number }[], expected: (offset: number) => number, historyLength: number) =>
  points.map((p, h) => {
    const truth = expected(historyLength + h);
    return truth === 0 ? Math.abs(p.forecast) : Math.abs(p.forecast - truth) / truth;
  });

describe('forecastSales: synthetic series with known answers', () => {
  it.each([
    { name: 'eight weeks of a pure weekly pattern', days: 56, week: [0.8, 0.85, 0.9, 1, 1.25, 1.5, 0.7] },
    { name: 'a year of a pure weekly pattern', days: 364, week: [0.8, 0.85, 0.9, 1, 1.25, 1.5, 0.7] },
    { name: 'a pure weekly pattern with a very quiet Monday', days: 140, week: [0.1, 1, 1, 1, 2, 3, 1] },
  ])('$name is forecast almost exactly: every day within 0.1 % (or 1 unit)', ({ days, week }) => {
    const { series, expected } = syntheticSales({ days, level: 100_000, week });
    const forecast = forecastSales(series);
    expect(forecast.status).toBe('ok');
    expect(forecast.points).toHaveLength(28);
    forecast.points.forEach((p, h) => {
      const truth = expected(days + h);
      expect(Math.abs(p.forecast - truth)).toBeLessThanOrEqual(Math.max(1, truth * 0.001));
    });
    expect(forecast.points[0]?.date).toBe(addDays(series.start, days));
  });

  it.each([
    { name: 'a rising trend', slope: 400 },
    { name: 'a falling trend', slope: -60 },
  ])('$name with a weekly pattern is followed: within 2 % for 28 days, and the forecast keeps moving the same way', ({ slope }) => {
    const days = 364;
    const { series, expected } = syntheticSales({ days, level: 50_000, slope });
    const forecast = forecastSales(series);
    expect(forecast.model?.trend).toBe('damped');
    expect(Math.max(...relativeErrors(forecast.points, expected, days))).toBeLessThan(0.02);
    const weekSum = (w: number) => forecast.points.slice(w * 7, w * 7 + 7).reduce((s, p) => s + p.forecast, 0);
    expect(Math.sign(weekSum(3) - weekSum(0))).toBe(Math.sign(slope));
  });

  it('a flat noisy series gets no trend and stays within 5 % of the true pattern on average', () => {
    const days = 364;
    const { series, expected } = syntheticSales({ days, level: 80_000, noise: 0.1, seed: 3 });
    const forecast = forecastSales(series);
    const errors = relativeErrors(forecast.points, expected, days);
    expect(errors.reduce((a, b) => a + b, 0) / errors.length).toBeLessThan(0.05);
  });

  it('two years with a yearly swing use the yearly pattern and forecast December within 5 %', () => {
    // 2023-01-02 is a Monday; 731 days of history end on 2024-12-02, a peak in late December.
    const { series, expected } = syntheticSales({ start: '2023-01-02', days: 700, level: 40_000, yearlyAmplitude: 0.35, yearlyPeakDay: 355, noise: 0.03, seed: 5 });
    const forecast = forecastSales(series, { horizonDays: 28 });
    expect(forecast.history.yearlyEligible).toBe(true);
    expect(forecast.model?.yearlyHarmonics).toBeGreaterThan(0);
    const errors = relativeErrors(forecast.points, expected, 700);
    expect(errors.reduce((a, b) => a + b, 0) / errors.length).toBeLessThan(0.05);
  });

  it('less than a year of history never uses a yearly pattern', () => {
    const { series } = syntheticSales({ days: 300, level: 40_000, yearlyAmplitude: 0.35, noise: 0.03 });
    const forecast = forecastSales(series);
    expect(forecast.history.yearlyEligible).toBe(false);
    expect(forecast.model?.yearlyHarmonics).toBe(0);
  });

  it('a shop closed on Sundays gets 0 on Sundays (with a zero-width interval) and the other days right', () => {
    const days = 182;
    const { series, expected } = syntheticSales({ days, level: 30_000, closedWeekdays: [7] });
    const forecast = forecastSales(series);
    expect(forecast.model?.closedWeekdays).toEqual([7]);
    for (const [h, p] of forecast.points.entries()) {
      if (isoWeekday(dayNumber(p.date)) === 7) {
        expect(p).toMatchObject({ forecast: 0, lower95: 0, upper95: 0 });
      } else {
        expect(Math.abs(p.forecast - expected(days + h))).toBeLessThanOrEqual(expected(days + h) * 0.001 + 1);
      }
    }
  });

  it('holiday closures (zero days in a busy shop, and known closed dates) neither drag the forecast down nor count as sales', () => {
    const days = 196;
    const { series, expected } = syntheticSales({ days, level: 30_000 });
    const values = series.values.slice();
    for (const t of [30, 95, 150, 180]) values[t] = 0; // four surprise closures
    const holiday = addDays(series.start, 120);
    values[120] = 0;
    const nextHoliday = addDays(series.start, days + 3);
    const forecast = forecastSales({ start: series.start, values }, { closedDates: [holiday, nextHoliday] });
    expect(forecast.model?.closureDays).toBe(5);
    forecast.points.forEach((p, h) => {
      if (p.date === nextHoliday) expect(p.forecast).toBe(0);
      else expect(Math.abs(p.forecast - expected(days + h))).toBeLessThanOrEqual(expected(days + h) * 0.001 + 1);
    });
  });

  it('days missing from the sparse input are zero sales: a shop open only on weekdays', () => {
    const points = [];
    for (let t = 0; t < 70; t += 1) {
      const date = addDays('2024-03-04', t); // a Monday
      if (isoWeekday(dayNumber(date)) <= 5) points.push({ date, value: 10_000 + 1_000 * isoWeekday(dayNumber(date)) });
    }
    const series = toDailySeries(points, { end: '2024-05-12' });
    expect(series.values).toHaveLength(70);
    const forecast = forecastSales(series, { horizonDays: 7 });
    expect(forecast.model?.closedWeekdays).toEqual([6, 7]);
    expect(forecast.points.map((p) => p.forecast)).toEqual([11_000, 12_000, 13_000, 14_000, 15_000, 0, 0]);
  });

  it('a steep decline is never forecast below zero, nor are interval bounds', () => {
    const { series } = syntheticSales({ days: 120, level: 20_000, slope: -160, noise: 0.05 });
    const forecast = forecastSales(series, { horizonDays: 60 });
    for (const p of forecast.points) {
      expect(p.forecast).toBeGreaterThanOrEqual(0);
      expect(p.lower95).toBeGreaterThanOrEqual(0);
      expect(p.lower80).toBeGreaterThanOrEqual(p.lower95);
      expect(p.upper80).toBeLessThanOrEqual(p.upper95);
      expect(p.forecast).toBeGreaterThanOrEqual(p.lower80);
      expect(p.forecast).toBeLessThanOrEqual(p.upper80);
    }
  });

  it('intervals widen with the horizon', () => {
    const { series } = syntheticSales({ days: 364, level: 50_000, noise: 0.1, seed: 9 });
    const points = forecastSales(series, { horizonDays: 56 }).points;
    const width = (i: number) => (points[i] as { upper95: number; lower95: number }).upper95 - (points[i] as { lower95: number }).lower95;
    // Same weekday, eight weeks apart.
    expect(width(49)).toBeGreaterThan(width(0));
  });

  it('80 % and 95 % intervals cover about 80 % and 95 % of actuals on noisy data (backtest over ten seeds)', () => {
    let in80 = 0;
    let in95 = 0;
    let days = 0;
    for (let seed = 1; seed <= 10; seed += 1) {
      const { series } = syntheticSales({ days: 364, level: 50_000, noise: 0.1, slope: seed % 2 === 0 ? 20 : 0, seed });
      const overall = backtestSales(series, { weeks: 8, horizonDays: 28 }).overall;
      if (!overall) throw new Error('no backtest');
      in80 += overall.coverage80 * overall.days;
      in95 += overall.coverage95 * overall.days;
      days += overall.days;
    }
    expect(in80 / days).toBeGreaterThan(0.72);
    expect(in80 / days).toBeLessThan(0.88);
    expect(in95 / days).toBeGreaterThan(0.9);
    expect(in95 / days).toBeLessThan(0.99);
  });
});

describe('forecastSales: enough history', () => {
  it.each([
    { days: 0, status: 'insufficient_history' },
    { days: 27, status: 'insufficient_history' },
    { days: 28, status: 'ok' },
  ] as const)('$days days of sales → $status', ({ days, status }) => {
    const { series } = syntheticSales({ days, level: 10_000 });
    const forecast = forecastSales(days === 0 ? { start: '2024-01-01', values: [] } : series);
    expect(forecast.status).toBe(status);
    expect(forecast.history).toMatchObject({ days, requiredDays: 28, yearlyRequiredDays: 365, enough: status === 'ok' });
    expect(forecast.points).toHaveLength(status === 'ok' ? 28 : 0);
  });

  it('history counts from the first day with sales, not from leading empty days', () => {
    const { series } = syntheticSales({ days: 20, level: 10_000 });
    const padded = { start: addDays(series.start, -30), values: [...new Array<number>(30).fill(0), ...series.values] };
    const forecast = forecastSales(padded);
    expect(forecast.status).toBe('insufficient_history');
    expect(forecast.history).toMatchObject({ days: 20, firstSaleDate: series.start });
  });

  it('a business that has not sold for eight weeks gets no_recent_sales and a forecast of 0', () => {
    const { series } = syntheticSales({ days: 200, level: 10_000, noise: 0.1 });
    const stopped = { start: series.start, values: [...series.values, ...new Array<number>(56).fill(0)] };
    const forecast = forecastSales(stopped, { horizonDays: 7 });
    expect(forecast).toMatchObject({ status: 'no_recent_sales', model: null, history: { days: 256, enough: true } });
    expect(forecast.points.map((p) => p.upper95)).toEqual([0, 0, 0, 0, 0, 0, 0]);
    expect(forecast.points[0]?.date).toBe(addDays(series.start, 256));
  });

  it('a series of only zeros has no history', () => {
    const forecast = forecastSales({ start: '2024-01-01', values: new Array<number>(100).fill(0) });
    expect(forecast).toMatchObject({ status: 'insufficient_history', history: { days: 0, firstSaleDate: null } });
  });
});

describe('forecastSales: bad input', () => {
  it.each([
    { name: 'a date that is not a date', series: { start: '2024-02-30', values: [1] }, options: {} },
    { name: 'a year out of range', series: { start: '1800-01-01', values: [1] }, options: {} },
    { name: 'a value that is not finite', series: { start: '2024-01-01', values: [1, Number.NaN] }, options: {} },
    { name: 'a horizon of 0', series: { start: '2024-01-01', values: [1] }, options: { horizonDays: 0 } },
    { name: 'a horizon over a year', series: { start: '2024-01-01', values: [1] }, options: { horizonDays: 400 } },
    { name: 'a closed date that is not a date', series: { start: '2024-01-01', values: new Array(40).fill(5) }, options: { closedDates: ['tomorrow'] } },
  ])('$name is refused with an InsightInputError', ({ series, options }) => {
    expect(() => forecastSales(series, options)).toThrow(InsightInputError);
  });
});

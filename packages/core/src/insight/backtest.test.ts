import { describe, expect, it } from 'vitest';
import { backtestSales } from './backtest.ts';
import { addDays, InsightInputError } from './dates.ts';
import { forecastSales } from './sales-forecast.ts';
import { seededRandom, syntheticSales } from './testing/synthetic.ts';

describe('backtestSales: rolling origin over the last weeks', () => {
  it('holds out the last k weeks, one refit per week, and charts them day by day up to the last day', () => {
    const { series } = syntheticSales({ days: 140, level: 20_000, noise: 0.05 });
    const backtest = backtestSales(series, { weeks: 6 });
    expect(backtest.status).toBe('ok');
    expect(backtest.points).toHaveLength(42);
    expect(backtest.points[0]?.date).toBe(addDays(series.start, 140 - 42));
    expect(backtest.points.at(-1)?.date).toBe(addDays(series.start, 139));
    const origins = [...new Set(backtest.points.map((p) => p.origin))];
    expect(origins).toEqual([0, 1, 2, 3, 4, 5].map((w) => addDays(series.start, 140 - 42 + 7 * w)));
    backtest.points.forEach((p, i) => expect(p.actual).toBe(series.values[140 - 42 + i]));
  });

  it('each fold sees only the days before its origin: the first held-out week equals a forecast made from that history', () => {
    const { series } = syntheticSales({ days: 120, level: 20_000, noise: 0.1, seed: 4 });
    const backtest = backtestSales(series, { weeks: 3 });
    const direct = forecastSales({ start: series.start, values: series.values.slice(0, 120 - 21) }, { horizonDays: 7 });
    expect(backtest.points.slice(0, 7).map((p) => p.forecast)).toEqual(direct.points.map((p) => p.forecast));
  });

  it('a pure weekly pattern scores MAPE 0; MASE is null because the seasonal-naive scale is 0', () => {
    const { series } = syntheticSales({ days: 112, level: 20_000 });
    const overall = backtestSales(series, { weeks: 4 }).overall;
    expect(overall).toMatchObject({ days: 28, mape: 0, mase: null, mae: 0, seasonalNaiveMae: 0, coverage80: 1, coverage95: 1 });
  });

  it('computes MAPE, MAE and the seasonal-naive comparison from the charted points, and MASE with the training lag-7 scale', () => {
    const { series } = syntheticSales({ days: 98, level: 20_000, slope: 30, noise: 0.08, seed: 12 });
    const backtest = backtestSales(series, { weeks: 1 });
    const points = backtest.points;
    const training = series.values.slice(0, 91);
    let scale = 0;
    for (let t = 7; t < training.length; t += 1) scale += Math.abs((training[t] as number) - (training[t - 7] as number));
    scale /= training.length - 7;
    const mae = points.reduce((s, p) => s + Math.abs(p.actual - p.forecast), 0) / 7;
    const mape = (100 * points.reduce((s, p) => s + Math.abs(p.actual - p.forecast) / p.actual, 0)) / 7;
    const naiveMae = points.reduce((s, p) => s + Math.abs(p.actual - p.seasonalNaive), 0) / 7;
    points.forEach((p, i) => expect(p.seasonalNaive).toBe(series.values[84 + i]));
    expect(backtest.overall?.mae).toBeCloseTo(mae, 6);
    expect(backtest.overall?.mape).toBeCloseTo(mape, 6);
    expect(backtest.overall?.seasonalNaiveMae).toBeCloseTo(naiveMae, 6);
    expect(backtest.overall?.mase).toBeCloseTo(mae / scale, 6);
  });

  it('MAPE skips days whose actual is 0 and says how many; MASE still scores them', () => {
    // A small shop with many genuinely empty days (over 20 % of days): zeros are data, not closures.
    const random = seededRandom(21);
    const values = Array.from({ length: 140 }, () => (random() < 0.35 ? 0 : Math.round(2_000 + 2_000 * random())));
    values[0] = 3_000;
    const backtest = backtestSales({ start: '2024-01-01', values }, { weeks: 4 });
    const overall = backtest.overall;
    if (!overall) throw new Error('no backtest');
    const zeros = backtest.points.filter((p) => p.actual === 0).length;
    expect(zeros).toBeGreaterThan(0);
    expect(backtest.points.every((p) => p.scored)).toBe(true);
    expect(overall.zeroActualsSkipped).toBe(zeros);
    const nonZero = backtest.points.filter((p) => p.actual !== 0);
    const mape = (100 * nonZero.reduce((s, p) => s + Math.abs(p.actual - p.forecast) / p.actual, 0)) / nonZero.length;
    expect(overall.mape).toBeCloseTo(mape, 6);
    expect(overall.days).toBe(28);
  });

  it('closed days are charted but not scored', () => {
    const { series } = syntheticSales({ days: 112, level: 20_000, closedWeekdays: [7], noise: 0.05 });
    const backtest = backtestSales(series, { weeks: 4 });
    expect(backtest.points.filter((p) => !p.scored)).toHaveLength(4);
    expect(backtest.overall?.days).toBe(24);
  });

  it('on noisy data the model beats the seasonal-naive forecast (MASE below 1, lower MAE)', () => {
    const { series } = syntheticSales({ days: 364, level: 50_000, noise: 0.12, seed: 8 });
    const overall = backtestSales(series, { weeks: 12 }).overall;
    expect(overall?.mase).toBeLessThan(1);
    expect(overall?.mae).toBeLessThan(overall?.seasonalNaiveMae ?? 0);
  });

  it('a 28-day horizon reports accuracy by lead week, which gets no better further out', () => {
    const { series } = syntheticSales({ days: 364, level: 50_000, noise: 0.1, slope: 15, seed: 2 });
    const backtest = backtestSales(series, { weeks: 8, horizonDays: 28 });
    expect(backtest.byLeadWeek).toHaveLength(4);
    expect(backtest.byLeadWeek[0]?.days).toBe(8 * 7);
    expect(backtest.byLeadWeek[3]?.days).toBe(5 * 7);
    expect(backtest.points).toHaveLength(56);
    expect(backtest.byLeadWeek[3]?.mae).toBeGreaterThan((backtest.byLeadWeek[0]?.mae ?? 0) * 0.8);
  });

  it('with too little history for any fold there is no backtest; with some, only the folds that can be fitted', () => {
    const short = syntheticSales({ days: 30, level: 10_000 }).series;
    expect(backtestSales(short)).toMatchObject({ status: 'insufficient_history', overall: null, points: [] });
    const some = syntheticSales({ days: 42, level: 10_000 }).series;
    expect(backtestSales(some, { weeks: 8 }).points).toHaveLength(14);
  });

  it.each([{ weeks: 0 }, { weeks: 53 }, { weeks: 1.5 }, { horizonDays: 0 }])('refuses %o', (options) => {
    const { series } = syntheticSales({ days: 60, level: 10_000 });
    expect(() => backtestSales(series, options)).toThrow(InsightInputError);
  });
});

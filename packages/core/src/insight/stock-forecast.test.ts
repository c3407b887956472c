import { describe, expect, it } from 'vitest';
import { InsightInputError } from './dates.ts';
import { forecastDemand, planStock, planStockForProducts } from './stock-forecast.ts';
import { intermittentDemand, steadyDemand } from './testing/synthetic.ts';

const constant = (units: number, days = 120) => ({ start: '2024-01-01', values: new Array<number>(days).fill(units) });

describe('forecastDemand: which model for which product', () => {
  it.each([
    { name: 'a steady seller (Poisson 5 a day)', history: steadyDemand({ days: 365, mean: 5 }), method: 'ses', classes: ['smooth'], rate: 5, tolerance: 0.6 },
    { name: 'a slow mover sold on one day in five, about 3 at a time', history: intermittentDemand({ days: 365, probability: 0.2, meanSize: 3 }), method: 'sba', classes: ['intermittent', 'lumpy'], rate: 0.6, tolerance: 0.2 },
    { name: 'a rare item sold on one day in twenty, one at a time', history: intermittentDemand({ days: 365, probability: 0.05, meanSize: 1 }), method: 'sba', classes: ['intermittent'], rate: 0.05, tolerance: 0.03 },
  ])('$name → $method at about $rate a day', ({ history, method, classes, rate, tolerance }) => {
    const demand = forecastDemand(history);
    expect(demand.method).toBe(method);
    expect(classes).toContain(demand.demandClass);
    expect(Math.abs(demand.meanDaily - rate)).toBeLessThan(tolerance);
  });

  it('a constant 4 a day is forecast as exactly 4 with no spread', () => {
    expect(forecastDemand(constant(4))).toMatchObject({ method: 'ses', demandClass: 'smooth', meanDaily: 4, sdDaily: 0, adi: 1, cv2: 0 });
  });

  it('learns a busy Saturday for smooth demand', () => {
    const demand = forecastDemand(steadyDemand({ days: 365, mean: 10, week: [1, 1, 1, 1, 1, 2.5, 0.5] }));
    expect(demand.weekdayFactors[5]).toBeGreaterThan(1.8);
    expect(demand.weekdayFactors[6]).toBeLessThan(0.7);
    expect(demand.weekdayFactors.reduce((a, b) => a + b, 0)).toBeCloseTo(7, 6);
  });

  it('a product that stopped selling is no longer forecast at its old rate', () => {
    const history = intermittentDemand({ days: 365, probability: 0.3, meanSize: 2, seed: 3 });
    const before = forecastDemand(history).meanDaily;
    const stopped = { start: history.start, values: [...history.values, ...new Array<number>(90).fill(0)] };
    expect(forecastDemand(stopped).meanDaily).toBeLessThan(before / 2);
  });

  it('a trend in a steady seller is followed by the level', () => {
    const values = Array.from({ length: 200 }, (_, t) => (t < 120 ? 5 : 15));
    expect(forecastDemand({ start: '2024-01-01', values }).meanDaily).toBeGreaterThan(13);
  });
});

describe('planStock: stock-out date and reorder quantity', () => {
  it('with a constant 4 a day: 20 on hand run out on the 5th day; lead time 3 + review 7 → reorder point 12, order up to 40', () => {
    const plan = planStock({ history: constant(4, 120), onHand: 20, leadTimeDays: 3, reviewDays: 7 });
    // History ends 2024-04-29 (day 120); day 1 after it is 2024-04-30.
    expect(plan).toMatchObject({
      status: 'ok',
      stockoutDate: '2024-05-04',
      daysOfCover: 5,
      stockoutBeforeDelivery: false,
      leadTimeDemand: 12,
      safetyStock: 0,
      reorderPoint: 12,
      orderUpTo: 40,
      reorderNow: false,
      reorderQuantity: 0,
    });
    expect(plan.daily).toHaveLength(28);
    expect(plan.daily[0]).toEqual({ date: '2024-04-30', units: 4 });
  });

  it.each([
    { onHand: 10, onOrder: 0, packSize: 1, quantity: 30 },
    { onHand: 10, onOrder: 0, packSize: 12, quantity: 36 },
    { onHand: 4, onOrder: 6, packSize: 1, quantity: 30 },
    { onHand: 12, onOrder: 0, packSize: 1, quantity: 28 },
    { onHand: 13, onOrder: 0, packSize: 1, quantity: 0 },
  ])('on hand $onHand, on order $onOrder, pack $packSize → order $quantity', ({ onHand, onOrder, packSize, quantity }) => {
    const plan = planStock({ history: constant(4), onHand, onOrder, packSize, leadTimeDays: 3, reviewDays: 7 });
    expect(plan.reorderQuantity).toBe(quantity);
    expect(plan.reorderNow).toBe(quantity > 0);
  });

  it('with nothing on hand the stock-out is the first day and comes before any delivery', () => {
    const plan = planStock({ history: constant(4), onHand: 0, leadTimeDays: 5 });
    expect(plan).toMatchObject({ stockoutDate: '2024-04-30', daysOfCover: 0, stockoutBeforeDelivery: true, reorderNow: true });
  });

  it('safety stock grows with the service level and the lead time, and every quantity is a whole number', () => {
    const history = steadyDemand({ days: 365, mean: 6, seed: 5 });
    const plans = [0.8, 0.9, 0.95, 0.99].map((serviceLevel) => planStock({ history, onHand: 10, leadTimeDays: 7, serviceLevel }));
    const safety = plans.map((p) => p.safetyStock);
    expect(safety).toEqual([...safety].sort((a, b) => a - b));
    expect(safety[3]).toBeGreaterThan(safety[0] as number);
    const longer = planStock({ history, onHand: 10, leadTimeDays: 21, serviceLevel: 0.95 });
    expect(longer.safetyStock).toBeGreaterThan(plans[2]?.safetyStock as number);
    for (const plan of [...plans, longer]) {
      for (const value of [plan.safetyStock, plan.reorderPoint, plan.orderUpTo, plan.reorderQuantity]) expect(Number.isInteger(value)).toBe(true);
    }
  });

  it('the order-up-to level covers lead time + review at the service level on simulated demand', () => {
    // Poisson 6 a day, lead 7 + review 7 days: demand over 14 days should stay under the order-up-to level about 95 % of the time.
    const plan = planStock({ history: steadyDemand({ days: 365, mean: 6, seed: 31 }), onHand: 0, leadTimeDays: 7, reviewDays: 7, serviceLevel: 0.95 });
    const future = steadyDemand({ days: 14 * 400, mean: 6, seed: 77 }).values;
    let covered = 0;
    for (let i = 0; i < 400; i += 1) if (future.slice(i * 14, i * 14 + 14).reduce((a, b) => a + b, 0) <= plan.orderUpTo) covered += 1;
    expect(covered / 400).toBeGreaterThan(0.9);
    expect(covered / 400).toBeLessThan(0.995);
  });

  it('a product that never sold: no stock-out, nothing to order', () => {
    const plan = planStock({ history: constant(0, 60), onHand: 5, leadTimeDays: 3 });
    expect(plan).toMatchObject({ status: 'no_sales', stockoutDate: null, daysOfCover: null, reorderNow: false, reorderQuantity: 0 });
  });

  it('a new product is planned but marked short_history', () => {
    const plan = planStock({ history: { start: '2024-01-01', values: [0, 0, 3, 2, 4, 3, 3, 2, 4, 3] }, onHand: 10, leadTimeDays: 2 });
    expect(plan.status).toBe('short_history');
    expect(plan.demand.historyDays).toBe(8);
    expect(plan.stockoutDate).not.toBeNull();
  });

  it('a stock-out more than a year away is reported as null', () => {
    const plan = planStock({ history: constant(1), onHand: 1000, leadTimeDays: 3 });
    expect(plan).toMatchObject({ stockoutDate: null, daysOfCover: null, reorderNow: false });
  });

  it('plans many products and hands back each key', () => {
    const results = planStockForProducts([
      { key: 'a', history: constant(2), onHand: 3, leadTimeDays: 2 },
      { key: 'b', history: constant(0), onHand: 3, leadTimeDays: 2 },
    ]);
    expect(results.map((r) => [r.key, r.plan.status, r.plan.reorderNow])).toEqual([
      ['a', 'ok', true],
      ['b', 'no_sales', false],
    ]);
  });

  it.each([
    { leadTimeDays: -1 },
    { leadTimeDays: 2.5 },
    { leadTimeDays: 3, serviceLevel: 1 },
    { leadTimeDays: 3, serviceLevel: 0.2 },
    { leadTimeDays: 3, packSize: 0 },
    { leadTimeDays: 3, reviewDays: 0 },
    { leadTimeDays: 3, onOrder: -2 },
  ])('refuses %o', (options) => {
    expect(() => planStock({ history: constant(2), onHand: 3, ...options })).toThrow(InsightInputError);
  });
});

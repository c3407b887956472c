import { describe, expect, it } from 'vitest';
import { analyseCustomerFootpath, type CustomerOrder, RFM_SEGMENTS, rfmSegment, rfmSegmentsOf } from './customer-footpath.ts';
import { addDays, InsightInputError } from './dates.ts';

describe('analyseCustomerFootpath: cohorts', () => {
  it('planted retention: 100 January customers, 40 back in February, 20 in March (10 of them also in February)', () => {
    const orders: CustomerOrder[] = [];
    for (let i = 0; i < 100; i += 1) {
      orders.push({ customerId: `jan${i}`, date: '2024-01-10', amount: 1000 });
      if (i < 40) orders.push({ customerId: `jan${i}`, date: '2024-02-12', amount: 500 });
      if (i >= 30 && i < 50) orders.push({ customerId: `jan${i}`, date: '2024-03-05', amount: 500 });
    }
    for (let i = 0; i < 50; i += 1) {
      orders.push({ customerId: `feb${i}`, date: '2024-02-20', amount: 800 });
      if (i < 5) orders.push({ customerId: `feb${i}`, date: '2024-02-27', amount: 800 });
      if (i < 25) orders.push({ customerId: `feb${i}`, date: '2024-03-20', amount: 800 });
    }
    const footpath = analyseCustomerFootpath(orders, { asOf: '2024-03-31' });
    expect(footpath.cohorts).toEqual([
      { cohort: '2024-01', customers: 100, retained: [100, 40, 20], rates: [1, 0.4, 0.2] },
      // A second visit in the first month still counts for month 0 only.
      { cohort: '2024-02', customers: 50, retained: [50, 25], rates: [1, 0.5] },
    ]);
    expect(footpath.summary).toMatchObject({ customers: 150, repeatCustomers: 40 + 10 + 25, repeatRate: 75 / 150 });
    expect(footpath.summary.revenue).toBe(orders.reduce((s, o) => s + o.amount, 0));
  });

  it('keeps the latest cohorts only when asked to, and ignores orders after asOf', () => {
    const orders = ['2023-10-01', '2023-11-01', '2023-12-01', '2024-01-01', '2024-05-01'].map((date, i) => ({ customerId: `c${i}`, date, amount: 100 }));
    const footpath = analyseCustomerFootpath(orders, { asOf: '2024-01-31', cohortLimit: 2 });
    expect(footpath.cohorts.map((c) => c.cohort)).toEqual(['2023-12', '2024-01']);
    expect(footpath.summary.customers).toBe(4);
  });
});

describe('analyseCustomerFootpath: time between visits', () => {
  it('weekly regulars and monthly regulars: median, quartiles and buckets', () => {
    const orders: CustomerOrder[] = [];
    for (let c = 0; c < 3; c += 1) for (let w = 0; w < 9; w += 1) orders.push({ customerId: `weekly${c}`, date: addDays('2024-01-01', 7 * w), amount: 100 });
    for (let m = 0; m < 3; m += 1) orders.push({ customerId: 'monthly', date: addDays('2024-01-01', 30 * m), amount: 100 });
    // Two orders the same day are one visit.
    orders.push({ customerId: 'monthly', date: '2024-01-01', amount: 50 });
    const gaps = analyseCustomerFootpath(orders, { asOf: '2024-03-15' }).visitGaps;
    expect(gaps.count).toBe(3 * 8 + 2);
    expect(gaps).toMatchObject({ median: 7, p25: 7, p75: 7 });
    expect(gaps.buckets.find((b) => b.label === '1–7 days')?.count).toBe(24);
    expect(gaps.buckets.find((b) => b.label === '15–30 days')?.count).toBe(2);
    expect(gaps.mean).toBeCloseTo((24 * 7 + 60) / 26, 9);
  });
});

describe('analyseCustomerFootpath: RFM', () => {
  it.each([
    { r: 5, f: 5, segment: 'champions' },
    { r: 5, f: 1, segment: 'new' },
    { r: 4, f: 1, segment: 'promising' },
    { r: 4, f: 4, segment: 'loyal' },
    { r: 3, f: 3, segment: 'need_attention' },
    { r: 3, f: 1, segment: 'about_to_sleep' },
    { r: 2, f: 3, segment: 'at_risk' },
    { r: 1, f: 5, segment: 'cant_lose' },
    { r: 1, f: 1, segment: 'hibernating' },
    { r: 5, f: 2, segment: 'potential_loyalist' },
  ] as const)('R$r F$f → $segment', ({ r, f, segment }) => {
    expect(rfmSegment(r, f)).toBe(segment);
  });

  it('every R × F cell has a segment', () => {
    for (let r = 1; r <= 5; r += 1) for (let f = 1; f <= 5; f += 1) expect(RFM_SEGMENTS).toContain(rfmSegment(r, f));
  });

  it('scores planted customers: frequent and recent → champions, one visit long ago → hibernating, one visit yesterday → new', () => {
    const orders: CustomerOrder[] = [];
    const asOf = '2024-06-30';
    // 20 champions: weekly for half a year, the last visit today.
    for (let c = 0; c < 20; c += 1) for (let w = 0; w < 26; w += 1) orders.push({ customerId: `champ${c}`, date: addDays(asOf, -7 * w), amount: 2_000 });
    // 30 one-timers long ago.
    for (let c = 0; c < 30; c += 1) orders.push({ customerId: `old${c}`, date: addDays('2024-01-05', c), amount: 500 });
    // 10 one-timers today.
    for (let c = 0; c < 10; c += 1) orders.push({ customerId: `new${c}`, date: asOf, amount: 700 });
    const rfm = analyseCustomerFootpath(orders, { asOf }).rfm;
    const segmentOf = (id: string) => rfm.customers.find((c) => c.customerId === id)?.segment;
    expect(segmentOf('champ0')).toBe('champions');
    expect(segmentOf('old0')).toBe('hibernating');
    expect(segmentOf('new0')).toBe('new');
    // One-visit customers all share the lowest frequency score.
    expect(new Set(rfm.customers.filter((c) => c.visits === 1).map((c) => c.f))).toEqual(new Set([1]));
    // Counts and revenue add up, segments always listed in the same order.
    expect(rfm.segments.map((s) => s.segment)).toEqual([...RFM_SEGMENTS]);
    expect(rfm.segments.reduce((s, x) => s + x.customers, 0)).toBe(60);
    expect(rfm.segments.reduce((s, x) => s + x.revenue, 0)).toBe(orders.reduce((s, o) => s + o.amount, 0));
    expect(rfm.segments.find((s) => s.segment === 'champions')).toMatchObject({ customers: 20, revenue: 20 * 26 * 2_000, label: 'Champions' });
  });
});

describe('rfmSegmentsOf: segments from per-customer sums', () => {
  it('gives the segments analyseCustomerFootpath gives for the same orders (several orders a day, refunds, ties)', () => {
    const orders: CustomerOrder[] = [];
    for (let c = 0; c < 300; c += 1) {
      const visits = 1 + ((c * 7) % 13);
      for (let v = 0; v < visits; v += 1) {
        const date = addDays('2026-01-01', (c * 3 + v * (1 + (c % 9))) % 400);
        orders.push({ customerId: `c${c}`, date, amount: 100 * (1 + (c % 5)) });
        if (v % 4 === 0) orders.push({ customerId: `c${c}`, date, amount: -50 });
      }
    }
    const asOf = '2027-03-01';
    const summaries = new Map<string, { lastVisit: string; days: Set<string>; monetary: number }>();
    for (const order of orders) {
      const entry = summaries.get(order.customerId) ?? { lastVisit: order.date, days: new Set<string>(), monetary: 0 };
      entry.days.add(order.date);
      entry.monetary += order.amount;
      if (order.date > entry.lastVisit) entry.lastVisit = order.date;
      summaries.set(order.customerId, entry);
    }
    const segments = rfmSegmentsOf(
      [...summaries.values()].map((entry) => ({ lastVisit: entry.lastVisit, visits: entry.days.size, monetary: entry.monetary })),
      asOf,
    );
    expect(segments).toEqual(analyseCustomerFootpath(orders, { asOf }).rfm.segments);
    expect(segments.reduce((sum, segment) => sum + segment.customers, 0)).toBe(300);
  });

  it('no customers: every segment empty; a last visit after the analysis date is refused', () => {
    expect(rfmSegmentsOf([], '2026-01-01').every((segment) => segment.customers === 0 && segment.share === 0)).toBe(true);
    expect(() => rfmSegmentsOf([{ lastVisit: '2026-01-02', visits: 1, monetary: 1 }], '2026-01-01')).toThrow(InsightInputError);
  });
});

describe('analyseCustomerFootpath: at risk', () => {
  it('a weekly regular gone 30 days is at risk; a monthly regular gone 30 days is not; one-timers are not listed', () => {
    const orders: CustomerOrder[] = [];
    const asOf = '2024-06-30';
    for (let w = 0; w < 10; w += 1) orders.push({ customerId: 'weekly', date: addDays('2024-05-31', -7 * w), amount: 1_500 });
    for (let m = 0; m < 5; m += 1) orders.push({ customerId: 'monthly', date: addDays('2024-05-31', -30 * m), amount: 3_000 });
    orders.push({ customerId: 'once', date: '2024-01-01', amount: 100 });
    const footpath = analyseCustomerFootpath(orders, { asOf });
    expect(footpath.atRisk.map((c) => c.customerId)).toEqual(['weekly']);
    expect(footpath.atRisk[0]).toMatchObject({ lastVisit: '2024-05-31', daysSinceLastVisit: 30, visits: 10, monetary: 15_000 });
    // Own median 7 (9 gaps) and the shop's median gap 7 (9 gaps of 7, 4 of 30) → expected 7, overdue 23.
    expect(footpath.atRisk[0]).toMatchObject({ expectedIntervalDays: 7, overdueDays: 23 });
    // The monthly regular: (4 × 30 + 2 × 7) / 6 ≈ 22.3 days expected, 1.5 × that ≈ 33.5 > 30: not yet at risk.
    // Five days later both are overdue; equal spend (15,000 each), so the more overdue comes first.
    expect(analyseCustomerFootpath(orders, { asOf: '2024-07-05' }).atRisk.map((c) => c.customerId)).toEqual(['weekly', 'monthly']);
  });

  it('lists the most valuable first and keeps to the limit', () => {
    const orders: CustomerOrder[] = [];
    for (let c = 0; c < 5; c += 1) for (let w = 0; w < 4; w += 1) orders.push({ customerId: `c${c}`, date: addDays('2024-03-01', 7 * w), amount: 1_000 * (c + 1) });
    const footpath = analyseCustomerFootpath(orders, { asOf: '2024-06-30', atRiskLimit: 3 });
    expect(footpath.atRisk.map((c) => c.customerId)).toEqual(['c4', 'c3', 'c2']);
  });
});

describe('analyseCustomerFootpath: edges and bad input', () => {
  it('no orders: empty figures, not an error', () => {
    const footpath = analyseCustomerFootpath([], { asOf: '2024-06-30' });
    expect(footpath.summary).toEqual({ customers: 0, visits: 0, revenue: 0, repeatCustomers: 0, repeatRate: 0, medianDaysToSecondVisit: null });
    expect(footpath.cohorts).toEqual([]);
    expect(footpath.visitGaps.median).toBeNull();
    expect(footpath.atRisk).toEqual([]);
  });

  it.each([
    { name: 'a fractional amount', orders: [{ customerId: 'a', date: '2024-01-01', amount: 1.5 }], options: { asOf: '2024-02-01' } },
    { name: 'a bad date', orders: [{ customerId: 'a', date: '2024-13-01', amount: 1 }], options: { asOf: '2024-02-01' } },
    { name: 'an empty customer id', orders: [{ customerId: '', date: '2024-01-01', amount: 1 }], options: { asOf: '2024-02-01' } },
    { name: 'a bad asOf', orders: [], options: { asOf: 'now' } },
    { name: 'an at-risk factor below 1', orders: [], options: { asOf: '2024-02-01', atRiskFactor: 0.5 } },
  ])('refuses $name', ({ orders, options }) => {
    expect(() => analyseCustomerFootpath(orders, options)).toThrow(InsightInputError);
  });
});

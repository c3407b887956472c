/**
 * Customer footpath: from first visit to repeat.
 *
 * Input is one row per order (customer, local date, net amount in minor units). A visit is a
 * day on which the customer bought something, however many orders that day.
 * - cohorts: customers grouped by the month of their first visit; for each later month, how
 *   many of them came back (month 0 is always everyone);
 * - time between visits: the days between consecutive visits of every customer, with median
 *   and quartiles and a histogram;
 * - RFM: recency (days since the last visit), frequency (visits) and monetary (net spend) each
 *   scored 1–5 by quintile (ties share a score, so a mass of one-visit customers all score F1),
 *   and named segments from the R and F scores (the widely used RFM segment grid);
 * - at risk: repeat customers whose days since the last visit exceed `atRiskFactor` times their
 *   expected interval (their median gap, shrunk towards the shop's median for customers with
 *   few visits), most valuable first.
 */
import { quantileSorted } from 'simple-statistics';
import { dayNumber, formatDay, formatMonth, InsightInputError, monthIndex } from './dates.ts';

export interface CustomerOrder {
  customerId: string;
  /** Local date of the order, 'YYYY-MM-DD'. */
  date: string;
  /** Net amount in minor units (refunds negative). */
  amount: number;
}

export interface FootpathOptions {
  /** The analysis date (usually today, local): recency is measured to it; later orders are ignored. */
  asOf: string;
  /** Overdue when days since the last visit exceed this × the expected interval (default 1.5). */
  atRiskFactor?: number;
  /** Longest at-risk list returned (default 100). */
  atRiskLimit?: number;
  /** Most cohorts returned, the latest ones (default 24). */
  cohortLimit?: number;
}

export const RFM_SEGMENTS = [
  'champions',
  'loyal',
  'potential_loyalist',
  'new',
  'promising',
  'need_attention',
  'about_to_sleep',
  'at_risk',
  'cant_lose',
  'hibernating',
] as const;
export type RfmSegment = (typeof RFM_SEGMENTS)[number];

export const RFM_SEGMENT_LABELS: Record<RfmSegment, string> = {
  champions: 'Champions',
  loyal: 'Loyal',
  potential_loyalist: 'Potential loyalists',
  new: 'New',
  promising: 'Promising',
  need_attention: 'Need attention',
  about_to_sleep: 'About to sleep',
  at_risk: 'At risk',
  cant_lose: "Can't lose them",
  hibernating: 'Hibernating',
};

/** The R × F grid: recency score (rows 1–5) and frequency score (columns 1–5). */
export function rfmSegment(r: number, f: number): RfmSegment {
  if (r <= 2) return f <= 2 ? 'hibernating' : f <= 4 ? 'at_risk' : 'cant_lose';
  if (r === 3) return f <= 2 ? 'about_to_sleep' : f === 3 ? 'need_attention' : 'loyal';
  if (f >= 4) return r === 5 ? 'champions' : 'loyal';
  if (f === 1) return r === 5 ? 'new' : 'promising';
  return 'potential_loyalist';
}

export interface CohortRow {
  /** Month of the first visit, 'YYYY-MM'. */
  cohort: string;
  customers: number;
  /** retained[k]: customers of this cohort who visited in month cohort + k. */
  retained: number[];
  /** retained[k] / customers. */
  rates: number[];
}

export interface GapBucket {
  label: string;
  minDays: number;
  /** null: no upper bound. */
  maxDays: number | null;
  count: number;
}

export interface CustomerRfm {
  customerId: string;
  firstVisit: string;
  lastVisit: string;
  recencyDays: number;
  visits: number;
  monetary: number;
  r: number;
  f: number;
  m: number;
  segment: RfmSegment;
}

export interface AtRiskCustomer {
  customerId: string;
  lastVisit: string;
  daysSinceLastVisit: number;
  expectedIntervalDays: number;
  overdueDays: number;
  visits: number;
  monetary: number;
}

export interface CustomerFootpath {
  asOf: string;
  summary: {
    customers: number;
    visits: number;
    revenue: number;
    repeatCustomers: number;
    /** Share of customers with a second visit. */
    repeatRate: number;
    /** Median days from first to second visit among repeat customers (null if none). */
    medianDaysToSecondVisit: number | null;
  };
  cohorts: CohortRow[];
  visitGaps: { count: number; median: number | null; p25: number | null; p75: number | null; mean: number | null; buckets: GapBucket[] };
  rfm: {
    /** Quintile cut points (20/40/60/80 %) of recency days, visits and spend. */
    thresholds: { recencyDays: number[]; visits: number[]; monetary: number[] };
    segments: { segment: RfmSegment; label: string; customers: number; revenue: number; share: number }[];
    customers: CustomerRfm[];
  };
  atRisk: AtRiskCustomer[];
}

const GAP_BUCKETS: readonly [string, number, number | null][] = [
  ['1–7 days', 1, 7],
  ['8–14 days', 8, 14],
  ['15–30 days', 15, 30],
  ['31–60 days', 31, 60],
  ['61–90 days', 61, 90],
  ['91–180 days', 91, 180],
  ['181–365 days', 181, 365],
  ['over a year', 366, null],
];

function quintileCuts(values: readonly number[]): number[] {
  if (values.length === 0) return [];
  const sorted = Float64Array.from(values).sort();
  const list = Array.from(sorted);
  return [0.2, 0.4, 0.6, 0.8].map((p) => quantileSorted(list, p));
}

/** 1 + the number of cut points strictly below the value: ties share the lower score. */
const scoreUp = (value: number, cuts: readonly number[]) => 1 + cuts.filter((c) => c < value).length;

interface Customer {
  id: string;
  days: number[];
  monetary: number;
}

type RfmSegmentTotals = CustomerFootpath['rfm']['segments'];

/** Quintile scores and segments of customers given as parallel lists of recency days, visits and spend. */
function scoreRfm(recency: readonly number[], frequency: readonly number[], monetary: readonly number[]) {
  const thresholds = { recencyDays: quintileCuts(recency), visits: quintileCuts(frequency), monetary: quintileCuts(monetary) };
  const segmentTotals = new Map<RfmSegment, { customers: number; revenue: number }>(RFM_SEGMENTS.map((s) => [s, { customers: 0, revenue: 0 }]));
  const scores = recency.map((days, i) => {
    const r = 6 - scoreUp(days, thresholds.recencyDays);
    const f = scoreUp(frequency[i] as number, thresholds.visits);
    const m = scoreUp(monetary[i] as number, thresholds.monetary);
    const segment = rfmSegment(r, f);
    const total = segmentTotals.get(segment) as { customers: number; revenue: number };
    total.customers += 1;
    total.revenue += monetary[i] as number;
    return { r, f, m, segment };
  });
  const segments: RfmSegmentTotals = RFM_SEGMENTS.map((segment) => {
    const total = segmentTotals.get(segment) as { customers: number; revenue: number };
    return { segment, label: RFM_SEGMENT_LABELS[segment], customers: total.customers, revenue: total.revenue, share: recency.length > 0 ? total.customers / recency.length : 0 };
  });
  return { thresholds, scores, segments };
}

/** One customer's visits up to the analysis date, already summed (e.g. by SQL from daily rows). */
export interface CustomerVisitSummary {
  /** Local date of the last visit, 'YYYY-MM-DD', not after `asOf`. */
  lastVisit: string;
  /** Days with a visit. */
  visits: number;
  /** Net spend in minor units (refunds negative). */
  monetary: number;
}

/**
 * RFM segments from per-customer summaries: the same segments `analyseCustomerFootpath` gives for
 * the orders the summaries were made from (decision 054: the customers tab sums visits in SQL
 * instead of reading every order into the process).
 */
export function rfmSegmentsOf(customers: readonly CustomerVisitSummary[], asOf: string): RfmSegmentTotals {
  const asOfDay = dayNumber(asOf);
  const recency = customers.map((customer) => asOfDay - dayNumber(customer.lastVisit));
  if (recency.some((days) => days < 0)) throw new InsightInputError('a last visit is after the analysis date');
  return scoreRfm(
    recency,
    customers.map((customer) => customer.visits),
    customers.map((customer) => customer.monetary),
  ).segments;
}

export function analyseCustomerFootpath(orders: readonly CustomerOrder[], options: FootpathOptions): CustomerFootpath {
  const asOf = dayNumber(options.asOf);
  const factor = options.atRiskFactor ?? 1.5;
  const atRiskLimit = options.atRiskLimit ?? 100;
  const cohortLimit = options.cohortLimit ?? 24;
  if (!(factor >= 1 && factor <= 10)) throw new InsightInputError('atRiskFactor must be from 1 to 10');
  if (!Number.isInteger(atRiskLimit) || atRiskLimit < 0) throw new InsightInputError('atRiskLimit must be a whole number');
  if (!Number.isInteger(cohortLimit) || cohortLimit < 1) throw new InsightInputError('cohortLimit must be a whole number of at least 1');

  const customers = new Map<string, Customer>();
  let revenue = 0;
  for (const order of orders) {
    if (!Number.isSafeInteger(order.amount)) throw new InsightInputError('amounts must be whole minor units');
    if (typeof order.customerId !== 'string' || order.customerId.length === 0) throw new InsightInputError('every order needs a customerId');
    const day = dayNumber(order.date);
    if (day > asOf) continue;
    let customer = customers.get(order.customerId);
    if (!customer) {
      customer = { id: order.customerId, days: [], monetary: 0 };
      customers.set(order.customerId, customer);
    }
    customer.days.push(day);
    customer.monetary += order.amount;
    revenue += order.amount;
  }
  if (!Number.isSafeInteger(revenue)) throw new InsightInputError('the total is beyond safe integer range');
  const list = [...customers.values()];
  for (const customer of list) customer.days = [...new Set(customer.days)].sort((a, b) => a - b);

  // Cohorts by month of first visit.
  const asOfMonth = monthIndex(asOf);
  const cohortMap = new Map<number, { customers: number; retained: number[] }>();
  for (const customer of list) {
    const first = monthIndex(customer.days[0] as number);
    const row = cohortMap.get(first) ?? { customers: 0, retained: new Array<number>(asOfMonth - first + 1).fill(0) };
    row.customers += 1;
    const months = new Set(customer.days.map((d) => monthIndex(d) - first));
    for (const k of months) row.retained[k] = (row.retained[k] as number) + 1;
    cohortMap.set(first, row);
  }
  const cohorts: CohortRow[] = [...cohortMap.entries()]
    .sort((a, b) => a[0] - b[0])
    .slice(-cohortLimit)
    .map(([month, row]) => ({ cohort: formatMonth(month), customers: row.customers, retained: row.retained, rates: row.retained.map((c) => c / row.customers) }));

  // Gaps between consecutive visits.
  const gaps: number[] = [];
  const secondVisitDays: number[] = [];
  const customerGaps = new Map<string, number[]>();
  for (const customer of list) {
    const own: number[] = [];
    for (let i = 1; i < customer.days.length; i += 1) own.push((customer.days[i] as number) - (customer.days[i - 1] as number));
    if (own.length > 0) secondVisitDays.push(own[0] as number);
    customerGaps.set(customer.id, own);
    for (const gap of own) gaps.push(gap);
  }
  const sortedGaps = Array.from(Float64Array.from(gaps).sort());
  const at = (p: number) => (sortedGaps.length > 0 ? quantileSorted(sortedGaps, p) : null);
  const shopMedianGap = at(0.5);
  const visitGaps = {
    count: gaps.length,
    median: shopMedianGap,
    p25: at(0.25),
    p75: at(0.75),
    mean: gaps.length > 0 ? gaps.reduce((a, b) => a + b, 0) / gaps.length : null,
    buckets: GAP_BUCKETS.map(([label, minDays, maxDays]) => {
      let count = 0;
      for (const gap of gaps) if (gap >= minDays && (maxDays === null || gap <= maxDays)) count += 1;
      return { label, minDays, maxDays, count };
    }),
  };
  const sortedSecond = secondVisitDays.sort((a, b) => a - b);

  // RFM.
  const recency = list.map((c) => asOf - (c.days[c.days.length - 1] as number));
  const frequency = list.map((c) => c.days.length);
  const monetary = list.map((c) => c.monetary);
  const { thresholds, scores, segments } = scoreRfm(recency, frequency, monetary);
  const rfmCustomers: CustomerRfm[] = list.map((customer, i) => ({
    customerId: customer.id,
    firstVisit: formatDay(customer.days[0] as number),
    lastVisit: formatDay(customer.days[customer.days.length - 1] as number),
    recencyDays: recency[i] as number,
    visits: frequency[i] as number,
    monetary: customer.monetary,
    ...(scores[i] as { r: number; f: number; m: number; segment: RfmSegment }),
  }));

  // At risk: repeat customers overdue against their own rhythm.
  const atRisk: AtRiskCustomer[] = [];
  for (const customer of rfmCustomers) {
    const own = customerGaps.get(customer.customerId) as number[];
    if (own.length === 0 || shopMedianGap === null) continue;
    const ownMedian = quantileSorted(own.slice().sort((a, b) => a - b), 0.5);
    const expected = (own.length * ownMedian + 2 * shopMedianGap) / (own.length + 2);
    if (customer.recencyDays > factor * expected) {
      atRisk.push({
        customerId: customer.customerId,
        lastVisit: customer.lastVisit,
        daysSinceLastVisit: customer.recencyDays,
        expectedIntervalDays: Math.round(expected * 10) / 10,
        overdueDays: Math.round(customer.recencyDays - expected),
        visits: customer.visits,
        monetary: customer.monetary,
      });
    }
  }
  atRisk.sort((a, b) => b.monetary - a.monetary || b.overdueDays - a.overdueDays);

  const repeatCustomers = list.filter((c) => c.days.length > 1).length;
  return {
    asOf: options.asOf,
    summary: {
      customers: list.length,
      visits: frequency.reduce((a, b) => a + b, 0),
      revenue,
      repeatCustomers,
      repeatRate: list.length > 0 ? repeatCustomers / list.length : 0,
      medianDaysToSecondVisit: sortedSecond.length > 0 ? quantileSorted(sortedSecond, 0.5) : null,
    },
    cohorts,
    visitGaps,
    rfm: { thresholds, segments, customers: rfmCustomers },
    atRisk: atRisk.slice(0, atRiskLimit),
  };
}

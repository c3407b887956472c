import { addDays, daysOf, type DayRange, rfmSegmentsOf } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { insightRepository as repo, type Period } from './insight.repository.ts';
import { averageOf, checkReportRange, loadReportPeriods, type ReportQuery } from './report-period.ts';

/** How far back RFM looks from the period's end. */
const RFM_LOOKBACK_DAYS = 730;

/** How many customers the top list shows. */
const TOP_CUSTOMERS = 100;

const VISIT_BUCKETS: readonly [string, number, number | null][] = [
  ['1 visit', 1, 1],
  ['2 visits', 2, 2],
  ['3–4 visits', 3, 4],
  ['5–9 visits', 5, 9],
  ['10 or more', 10, null],
];

async function summaryOf(tx: Tx, businessId: string, period: Period, totals: { customers: number; newCustomers: number; transactions: number; netSales: number }) {
  const { customers, newCustomers, transactions, netSales } = totals;
  return {
    customers,
    newCustomers,
    returningCustomers: customers - newCustomers,
    customerTransactions: transactions,
    anonymousTransactions: await repo.anonymousTransactions(tx, businessId, period),
    netSales,
    averageSpend: averageOf(netSales, customers),
    averageVisits: customers ? Math.round((transactions / customers) * 100) / 100 : 0,
  };
}

async function customerFigures(tx: Tx, businessId: string, period: Period, range: DayRange) {
  const { totals, top, visitCounts, days } = await repo.customerPeriod(tx, businessId, period, TOP_CUSTOMERS);
  const topCustomers = top
    .map((entry) => ({ ...entry, isNew: entry.firstVisit >= range.from }))
    .sort((a, b) => b.netSales - a.netSales || a.name.localeCompare(b.name))
    .slice(0, TOP_CUSTOMERS);
  return { topCustomers, visitCounts, days, summary: await summaryOf(tx, businessId, period, totals) };
}

/** Customers tab: new against returning, top customers, visit frequency and RFM segments. */
export async function getCustomersReport(database: Database, businessId: string, query: ReportQuery) {
  checkReportRange(query);
  return database.withTenant(businessId, async (tx) => {
    await repo.withoutJit(tx);
    const periods = await loadReportPeriods(tx, businessId, query);
    const current = await customerFigures(tx, businessId, periods.period, periods.range);
    // The comparison period gives its summary only: its counts and sums come from one statement (decision 071).
    const compared = periods.comparison && { summary: await summaryOf(tx, businessId, periods.comparison, await repo.customerPeriodTotals(tx, businessId, periods.comparison)) };
    // Per day: a customer is new on the day of their first visit ever, returning on any other visit day.
    const perDay = new Map(current.days.map((row) => [row.day, row]));
    const days = daysOf(periods.range).map((day) => ({ day, newCustomers: perDay.get(day)?.newCustomers ?? 0, returningCustomers: perDay.get(day)?.returningCustomers ?? 0 }));
    // RFM over two years up to the period's end, from per-customer sums (decision 054).
    const segments = rfmSegmentsOf(await repo.customerVisitSummaries(tx, businessId, periods.period, addDays(periods.range.to, -RFM_LOOKBACK_DAYS + 1)), periods.range.to);
    return {
      currency: periods.currency,
      timeZone: periods.timeZone,
      range: periods.range,
      comparisonRange: periods.comparisonRange,
      summary: current.summary,
      comparisonSummary: compared?.summary ?? null,
      days,
      topCustomers: current.topCustomers,
      visitFrequency: VISIT_BUCKETS.map(([label, minVisits, maxVisits]) => ({
        label,
        minVisits,
        maxVisits,
        customers: current.visitCounts
          .filter((entry) => entry.visits >= minVisits && (maxVisits === null || entry.visits <= maxVisits))
          .reduce((sum, entry) => sum + entry.customers, 0),
      })),
      segments: segments.map((segment) => ({ ...segment, share: Math.round(segment.share * 10_000) / 10_000 })),
    };
  });
}

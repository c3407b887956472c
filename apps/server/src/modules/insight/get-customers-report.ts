import { addDays, analyseCustomerFootpath, daysOf, type DayRange } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { insightRepository as repo, type Period } from './insight.repository.ts';
import { averageOf, checkReportRange, loadReportPeriods, type ReportQuery } from './report-period.ts';

/** How far back RFM looks from the period's end. */
const RFM_LOOKBACK_DAYS = 730;

const VISIT_BUCKETS: readonly [string, number, number | null][] = [
  ['1 visit', 1, 1],
  ['2 visits', 2, 2],
  ['3–4 visits', 3, 4],
  ['5–9 visits', 5, 9],
  ['10 or more', 10, null],
];

async function customerFigures(tx: Tx, businessId: string, period: Period, range: DayRange) {
  const orders = await repo.customerOrders(tx, businessId, period, range.from);
  const firstVisits = await repo.firstVisits(tx, businessId, period);
  const customers = new Map<string, { customerId: string; name: string; visits: number; days: Set<string>; netSales: number; firstVisit: string; lastVisit: string }>();
  for (const order of orders) {
    const entry = customers.get(order.customerId) ?? {
      customerId: order.customerId,
      name: order.name,
      visits: 0,
      days: new Set<string>(),
      netSales: 0,
      firstVisit: firstVisits.get(order.customerId) ?? order.day,
      lastVisit: order.day,
    };
    entry.visits += order.orders;
    entry.days.add(order.day);
    entry.netSales += order.net;
    entry.lastVisit = order.day;
    customers.set(order.customerId, entry);
  }
  const list = [...customers.values()].map(({ days, ...entry }) => ({ ...entry, days, isNew: entry.firstVisit >= range.from }));
  const netSales = list.reduce((sum, entry) => sum + entry.netSales, 0);
  const newCustomers = list.filter((entry) => entry.isNew).length;
  const transactions = orders.reduce((sum, order) => sum + order.orders, 0);
  return {
    list,
    summary: {
      customers: list.length,
      newCustomers,
      returningCustomers: list.length - newCustomers,
      customerTransactions: transactions,
      anonymousTransactions: await repo.anonymousTransactions(tx, businessId, period),
      netSales,
      averageSpend: averageOf(netSales, list.length),
      averageVisits: list.length ? Math.round((transactions / list.length) * 100) / 100 : 0,
    },
  };
}

/** Customers tab: new against returning, top customers, visit frequency and RFM segments. */
export async function getCustomersReport(database: Database, businessId: string, query: ReportQuery) {
  checkReportRange(query);
  return database.withTenant(businessId, async (tx) => {
    const periods = await loadReportPeriods(tx, businessId, query);
    const current = await customerFigures(tx, businessId, periods.period, periods.range);
    const compared = periods.comparison && (await customerFigures(tx, businessId, periods.comparison, periods.comparisonRange!));
    // Per day: a customer is new on the day of their first visit ever, returning on any other visit day.
    const days = daysOf(periods.range).map((day) => ({ day, newCustomers: 0, returningCustomers: 0 }));
    const dayIndex = new Map(days.map((row, index) => [row.day, index]));
    for (const customer of current.list) {
      for (const day of customer.days) {
        const row = days[dayIndex.get(day)!]!;
        if (day === customer.firstVisit) row.newCustomers += 1;
        else row.returningCustomers += 1;
      }
    }
    const history = await repo.customerOrders(tx, businessId, periods.period, addDays(periods.range.to, -RFM_LOOKBACK_DAYS + 1));
    const footpath = analyseCustomerFootpath(
      history.map((order) => ({ customerId: order.customerId, date: order.day, amount: order.net })),
      { asOf: periods.range.to, atRiskLimit: 0, cohortLimit: 1 },
    );
    return {
      currency: periods.currency,
      timeZone: periods.timeZone,
      range: periods.range,
      comparisonRange: periods.comparisonRange,
      summary: current.summary,
      comparisonSummary: compared?.summary ?? null,
      days,
      topCustomers: current.list
        .sort((a, b) => b.netSales - a.netSales || a.name.localeCompare(b.name))
        .slice(0, 100)
        .map(({ days: _days, ...customer }) => customer),
      visitFrequency: VISIT_BUCKETS.map(([label, minVisits, maxVisits]) => ({
        label,
        minVisits,
        maxVisits,
        customers: current.list.filter((entry) => entry.visits >= minVisits && (maxVisits === null || entry.visits <= maxVisits)).length,
      })),
      segments: footpath.rfm.segments.map((segment) => ({ ...segment, share: Math.round(segment.share * 10_000) / 10_000 })),
    };
  });
}

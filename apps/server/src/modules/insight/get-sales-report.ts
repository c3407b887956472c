import { daysOf, type DayRange } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { insightRepository as repo, type DayTotals, type Period } from './insight.repository.ts';
import { averageOf, checkReportRange, loadReportPeriods, type ReportQuery } from './report-period.ts';

export interface SalesSummary {
  netSales: number;
  transactions: number;
  averageSale: number;
  itemsSold: number;
  discounts: number;
  refunds: number;
  refundCount: number;
  tax: number;
}

export function summarise(days: readonly DayTotals[]): SalesSummary {
  const sum = (pick: (day: DayTotals) => number) => days.reduce((total, day) => total + pick(day), 0);
  const netSales = sum((day) => day.netSales);
  const transactions = sum((day) => day.transactions);
  return {
    netSales,
    transactions,
    averageSale: averageOf(netSales, transactions),
    itemsSold: sum((day) => day.itemsSold),
    discounts: sum((day) => day.discounts),
    refunds: sum((day) => day.refunds),
    refundCount: sum((day) => day.refundCount),
    tax: sum((day) => day.tax),
  };
}

/** Every day of the range, with zeros for days without sales. */
export function everyDay(range: DayRange, totals: readonly DayTotals[]): DayTotals[] {
  const byDay = new Map(totals.map((row) => [row.day, row]));
  return daysOf(range).map(
    (day) => byDay.get(day) ?? { day, transactions: 0, netSales: 0, itemsSold: 0, discounts: 0, tax: 0, refunds: 0, refundCount: 0 },
  );
}

async function slots(tx: Tx, businessId: string, period: Period, unit: 'hour' | 'isodow') {
  const rows = await repo.salesBy(tx, businessId, period, unit);
  const values = unit === 'hour' ? Array.from({ length: 24 }, (_, hour) => hour) : [1, 2, 3, 4, 5, 6, 7];
  return values.map((slot) => rows.find((row) => row.slot === slot) ?? { slot, transactions: 0, netSales: 0 });
}

/** Sales tab: by day, hour and weekday; by category, product, employee and payment method; discounts and refunds. */
export async function getSalesReport(database: Database, businessId: string, query: ReportQuery) {
  checkReportRange(query);
  return database.withTenant(businessId, async (tx) => {
    const periods = await loadReportPeriods(tx, businessId, query);
    const days = everyDay(periods.range, await repo.dailyTotals(tx, businessId, periods.period));
    const comparisonDays = periods.comparison && everyDay(periods.comparisonRange!, await repo.dailyTotals(tx, businessId, periods.comparison));
    const products = await repo.productFigures(tx, businessId, periods.period);
    const categories = new Map<string, { category: string | null; units: number; netSales: number }>();
    for (const product of products) {
      const key = product.category ?? '';
      const row = categories.get(key) ?? { category: product.category, units: 0, netSales: 0 };
      row.units += product.units;
      row.netSales += product.net;
      categories.set(key, row);
    }
    return {
      currency: periods.currency,
      timeZone: periods.timeZone,
      range: periods.range,
      comparisonRange: periods.comparisonRange,
      summary: summarise(days),
      comparisonSummary: comparisonDays && summarise(comparisonDays),
      days: days.map((day, index) => ({
        ...day,
        comparisonDay: comparisonDays?.[index]?.day ?? null,
        comparisonNetSales: comparisonDays?.[index]?.netSales ?? null,
      })),
      hours: (await slots(tx, businessId, periods.period, 'hour')).map(({ slot, ...row }) => ({ hour: slot, ...row })),
      weekdays: (await slots(tx, businessId, periods.period, 'isodow')).map(({ slot, ...row }) => ({ weekday: slot, ...row })),
      categories: [...categories.values()].sort((a, b) => b.netSales - a.netSales),
      products: products.map((product) => ({
        productId: product.productId,
        name: product.name,
        category: product.category,
        units: product.units,
        netSales: product.net,
      })),
      employees: await repo.employeeFigures(tx, businessId, periods.period),
      paymentMethods: await repo.paymentFigures(tx, businessId, periods.period),
    };
  });
}

import type { Database } from '../../db/client.ts';
import { insightRepository as repo, type ProductFigures } from './insight.repository.ts';
import { checkReportRange, loadReportPeriods, ratioOf, type ReportQuery } from './report-period.ts';
import { daysOf } from '@till/core';

/** Margins count only sales whose lines carry a cost; the rest is reported as uncosted sales. */
function margins(rows: readonly Pick<ProductFigures, 'net' | 'cost' | 'netWithoutCost'>[]) {
  const netSales = rows.reduce((sum, row) => sum + row.net, 0);
  const uncostedSales = rows.reduce((sum, row) => sum + row.netWithoutCost, 0);
  const cost = rows.reduce((sum, row) => sum + row.cost, 0);
  const costedSales = netSales - uncostedSales;
  const grossProfit = costedSales - cost;
  return { netSales, costedSales, uncostedSales, cost, grossProfit, margin: ratioOf(grossProfit, costedSales) };
}

/** Profitability tab: gross margin by product and category from the cost at the time of sale, and its trend. */
export async function getProfitabilityReport(database: Database, businessId: string, query: ReportQuery) {
  checkReportRange(query);
  return database.withTenant(businessId, async (tx) => {
    const periods = await loadReportPeriods(tx, businessId, query);
    const products = await repo.productFigures(tx, businessId, periods.period);
    const comparisonProducts = periods.comparison && (await repo.productFigures(tx, businessId, periods.comparison));
    const categories = new Map<string, { category: string | null; rows: ProductFigures[] }>();
    for (const product of products) {
      const key = product.category ?? '';
      const entry = categories.get(key) ?? { category: product.category, rows: [] };
      entry.rows.push(product);
      categories.set(key, entry);
    }
    const trend = new Map((await repo.dailyMargins(tx, businessId, periods.period)).map((row) => [row.day, row]));
    return {
      currency: periods.currency,
      timeZone: periods.timeZone,
      range: periods.range,
      comparisonRange: periods.comparisonRange,
      summary: margins(products),
      comparisonSummary: comparisonProducts && margins(comparisonProducts),
      products: products
        .map((product) => ({ productId: product.productId, name: product.name, category: product.category, units: product.units, ...margins([product]) }))
        .sort((a, b) => b.grossProfit - a.grossProfit),
      categories: [...categories.values()].map((entry) => ({ category: entry.category, ...margins(entry.rows) })).sort((a, b) => b.grossProfit - a.grossProfit),
      days: daysOf(periods.range).map((day) => {
        const row = trend.get(day);
        const costedSales = row?.netWithCost ?? 0;
        const cost = row?.cost ?? 0;
        return { day, costedSales, cost, grossProfit: costedSales - cost, margin: ratioOf(costedSales - cost, costedSales) };
      }),
    };
  });
}

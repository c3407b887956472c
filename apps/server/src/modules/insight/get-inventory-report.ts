import { addDays, rangeDays } from '@till/core';
import type { Database } from '../../db/client.ts';
import { insightRepository as repo } from './insight.repository.ts';
import { checkReportRange, loadReportPeriods, ratioOf, type ReportQuery } from './report-period.ts';

/**
 * Inventory tab: stock value at cost and at retail (stock as it is now), and for the period:
 * sell-through (units sold ÷ (sold + on hand)), days of cover (on hand ÷ average daily units
 * sold) and dead stock (units on hand, no sale in `deadStockDays` up to the period's end).
 * Tracked products only: an untracked product has no stock count.
 */
export async function getInventoryReport(database: Database, businessId: string, query: ReportQuery & { deadStockDays: number }) {
  checkReportRange(query);
  return database.withTenant(businessId, async (tx) => {
    const periods = await loadReportPeriods(tx, businessId, query);
    const days = rangeDays(periods.range);
    const deadSince = addDays(periods.range.to, -query.deadStockDays + 1);
    const products = (await repo.stockFigures(tx, businessId, periods.period))
      .filter((product) => product.trackStock)
      .map((product) => {
        const onHand = Math.max(product.onHand, 0);
        const dailyAverage = product.unitsSold / days;
        return {
          productId: product.productId,
          name: product.name,
          category: product.category,
          onHand: product.onHand,
          cost: product.cost,
          price: product.price,
          valueAtCost: product.cost === null ? null : onHand * product.cost,
          valueAtRetail: onHand * product.price,
          unitsSold: product.unitsSold,
          sellThrough: ratioOf(Math.max(product.unitsSold, 0), Math.max(product.unitsSold, 0) + onHand),
          dailyAverage: Math.round(dailyAverage * 100) / 100,
          daysOfCover: dailyAverage > 0 ? Math.round((onHand / dailyAverage) * 10) / 10 : null,
          lastSold: product.lastSold,
          deadStock: onHand > 0 && (product.lastSold === null || product.lastSold < deadSince),
        };
      });
    const categories = new Map<string, { category: string | null; products: number; unitsOnHand: number; valueAtCost: number; valueAtRetail: number; unitsSold: number }>();
    for (const product of products) {
      const key = product.category ?? '';
      const row = categories.get(key) ?? { category: product.category, products: 0, unitsOnHand: 0, valueAtCost: 0, valueAtRetail: 0, unitsSold: 0 };
      row.products += 1;
      row.unitsOnHand += Math.max(product.onHand, 0);
      row.valueAtCost += product.valueAtCost ?? 0;
      row.valueAtRetail += product.valueAtRetail;
      row.unitsSold += product.unitsSold;
      categories.set(key, row);
    }
    const dead = products.filter((product) => product.deadStock);
    const sold = products.reduce((sum, product) => sum + Math.max(product.unitsSold, 0), 0);
    const unitsOnHand = products.reduce((sum, product) => sum + Math.max(product.onHand, 0), 0);
    return {
      currency: periods.currency,
      timeZone: periods.timeZone,
      range: periods.range,
      deadStockDays: query.deadStockDays,
      summary: {
        trackedProducts: products.length,
        unitsOnHand,
        valueAtCost: products.reduce((sum, product) => sum + (product.valueAtCost ?? 0), 0),
        valueAtRetail: products.reduce((sum, product) => sum + product.valueAtRetail, 0),
        productsWithoutCost: products.filter((product) => product.cost === null).length,
        unitsSold: sold,
        sellThrough: ratioOf(sold, sold + unitsOnHand),
        deadStockProducts: dead.length,
        deadStockValueAtCost: dead.reduce((sum, product) => sum + (product.valueAtCost ?? 0), 0),
      },
      products,
      categories: [...categories.values()].sort((a, b) => b.valueAtRetail - a.valueAtRetail),
    };
  });
}

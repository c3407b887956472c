import { addDays } from '@till/core';
import type { Database } from '../../db/client.ts';
import { aiModulesRepository as repo, type StockProductRow } from './ai-modules.repository.ts';
import { fitInWorker } from './fit-in-worker.ts';
import type { AiBusiness } from './load-business.ts';

/**
 * Training each AI model without holding up sales (issue 15, decision 042). The history is read
 * in short pages — a window of days, or a page of products by id — each in its own short
 * transaction, yielding to whatever else waits between them (on PGlite every query holds the one
 * database session, so a checkout gets its turn between pages); the fitting runs in the training
 * worker thread (fit-in-worker.ts), so the thread that answers requests stays free.
 */

/** Days read at once: a few thousand rows a page at about 300 sales a day. */
const SALES_DAYS_PER_PAGE = 56;
const LINES_DAYS_PER_PAGE = 7;
const CUSTOMER_DAYS_PER_PAGE = 28;
const PRODUCTS_PER_PAGE = 2000;

/** Tests only: awaited after each page read, to hold a training in the middle of its reads. */
export const trainingHooks = { afterPage: null as null | (() => Promise<void>) };

const yieldToOthers = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Calls `read` on consecutive windows of `days` days from `from` to `to` (inclusive), one
 * transaction each; days before the business's first sale are skipped (nothing to read).
 */
async function inWindows(business: AiBusiness, from: string, to: string, days: number, read: (first: string, last: string) => Promise<void>) {
  if (business.firstSaleDay === null) return;
  const start = business.firstSaleDay > from ? business.firstSaleDay : from;
  for (let first = start; first <= to; first = addDays(first, days)) {
    const last = addDays(first, days - 1) < to ? addDays(first, days - 1) : to;
    await read(first, last);
    await yieldToOthers();
    await trainingHooks.afterPage?.();
  }
}

export async function trainSalesModel(database: Database, businessId: string, business: AiBusiness, historyDays: number) {
  const from = addDays(business.yesterday, -(historyDays - 1));
  const points: { date: string; value: number }[] = [];
  await inWindows(business, from, business.yesterday, SALES_DAYS_PER_PAGE, async (first, last) => {
    points.push(...(await database.withTenant(businessId, (tx) => repo.dailyNetSales(tx, businessId, business.timeZone, first, last))));
  });
  return fitInWorker({ model: 'sales_prediction', input: { points, yesterday: business.yesterday } });
}

export async function trainStockModel(
  database: Database,
  businessId: string,
  business: AiBusiness,
  settings: { windowDays: number; defaultLeadTimeDays: number; reviewDays: number },
) {
  const from = addDays(business.yesterday, -(settings.windowDays - 1));
  const products: StockProductRow[] = [];
  for (let after: string | null = null; ; ) {
    const page = await database.withTenant(businessId, (tx) => repo.stockProducts(tx, businessId, { after, limit: PRODUCTS_PER_PAGE }));
    products.push(...page);
    await yieldToOthers();
    if (page.length < PRODUCTS_PER_PAGE) break;
    after = page.at(-1)!.productId;
  }
  // The answer's order: by name, as one read in name order would give.
  products.sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : a.name.toLowerCase() > b.name.toLowerCase() ? 1 : a.productId < b.productId ? -1 : 1));
  const indexOf = new Map(products.map((product, index) => [product.productId, index]));
  const productIndex: number[] = [];
  const dayIndex: number[] = [];
  const units: number[] = [];
  const fromMs = Date.parse(`${from}T00:00:00Z`);
  await inWindows(business, from, business.yesterday, LINES_DAYS_PER_PAGE, async (first, last) => {
    const rows = await database.withTenant(businessId, (tx) => repo.productDailyUnits(tx, businessId, business.timeZone, first, last));
    for (const row of rows) {
      const index = indexOf.get(row.productId);
      if (index === undefined) continue;
      productIndex.push(index);
      dayIndex.push(Math.round((Date.parse(`${row.day}T00:00:00Z`) - fromMs) / 86_400_000));
      units.push(row.units);
    }
  });
  const fits = await fitInWorker({
    model: 'stock_forecast',
    input: {
      from,
      to: business.yesterday,
      products: products.map((product) => ({
        onHand: product.onHand,
        onOrder: product.onOrder,
        leadTimeDays: product.leadTimeDays ?? settings.defaultLeadTimeDays,
        reviewDays: settings.reviewDays,
        packSize: product.packSize ?? 1,
      })),
      productIndex: Int32Array.from(productIndex),
      dayIndex: Int32Array.from(dayIndex),
      units: Float64Array.from(units),
    },
  });
  return products.map((product, index) => ({ product, fit: fits[index]! }));
}

export async function trainRulesModel(database: Database, businessId: string, business: AiBusiness, windowDays: number, minCount: number) {
  const ids: string[] = [];
  const indexOf = new Map<string, number>();
  const offsets: number[] = [0];
  const items: number[] = [];
  let current: string | null = null;
  await inWindows(business, addDays(business.today, -windowDays), business.today, LINES_DAYS_PER_PAGE, async (first, last) => {
    const lines = await database.withTenant(businessId, (tx) => repo.basketLines(tx, businessId, business.timeZone, first, last));
    // Rows come ordered by order, and an order lies in one window: a new order id starts a basket.
    for (const line of lines) {
      if (line.orderId !== current) {
        if (current !== null) offsets.push(items.length);
        current = line.orderId;
      }
      let index = indexOf.get(line.productId);
      if (index === undefined) {
        index = ids.length;
        ids.push(line.productId);
        indexOf.set(line.productId, index);
      }
      items.push(index);
    }
  });
  if (current !== null) offsets.push(items.length);
  return fitInWorker({ model: 'product_recommendation', input: { ids, offsets: Int32Array.from(offsets), items: Int32Array.from(items), minCount } });
}

export async function trainFootpathModel(
  database: Database,
  businessId: string,
  business: AiBusiness,
  settings: { windowDays: number; cohortLimit: number; atRiskLimit: number },
) {
  const orders: { customerId: string; date: string; amount: number }[] = [];
  await inWindows(business, addDays(business.today, -settings.windowDays), business.today, CUSTOMER_DAYS_PER_PAGE, async (first, last) => {
    orders.push(...(await database.withTenant(businessId, (tx) => repo.customerOrders(tx, businessId, business.timeZone, first, last))));
  });
  return fitInWorker({ model: 'customer_footpath', input: { orders, asOf: business.today, cohortLimit: settings.cohortLimit, atRiskLimit: settings.atRiskLimit } });
}

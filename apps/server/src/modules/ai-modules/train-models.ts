import { addDays } from '@till/core';
import type { Database } from '../../db/client.ts';
import { takingTurns } from '../../lib/event-loop.ts';
import { aiModulesRepository as repo, type StockProductRow } from './ai-modules.repository.ts';
import { fitInWorker } from './fit-in-worker.ts';
import type { AiBusiness } from './load-business.ts';

/**
 * Training each AI model without holding up sales (issue 15, decisions 042 and 061). The history is
 * read in short pages — a window of days, or a page of products by id — each in its own short
 * transaction, taking turns with whatever else waits between them (`takingTurns`, decision 018: on
 * PGlite every query holds the one database session, so after each page the training steps aside
 * as long as the page took, at most 100 ms, and checkouts get the session at least half the time);
 * the fitting runs in the training worker thread (fit-in-worker.ts), so the thread that answers
 * requests stays free. Daily sales,
 * units per product and day, and customers' visits come from the daily rollups the sales keep
 * (decisions 043 and 054: a row per day, or per product or customer and day, not per order line);
 * only the baskets (which products were bought together) read order lines.
 */

/** Days read at once: a few thousand rows a page at about 300 sales a day. */
const SALES_DAYS_PER_PAGE = 366;
const UNITS_DAYS_PER_PAGE = 28;
const LINES_DAYS_PER_PAGE = 7;
const CUSTOMER_DAYS_PER_PAGE = 91;
const PRODUCTS_PER_PAGE = 2000;

/** Where a training's time went, per model (the bench sets `trainingHooks.profile` to collect it). */
export interface TrainingProfile {
  [model: string]: { pages: number; readMs: number; fitMs: number };
}

/**
 * Tests and the bench only: `afterPage` is awaited after each page read (to hold a training in the
 * middle of its reads); `profile`, when set, sums each model's page reads (including the wait for
 * the database) and its fit in the worker.
 */
export const trainingHooks = { afterPage: null as null | (() => Promise<void>), profile: null as null | TrainingProfile };

function profileOf(model: string) {
  const profile = trainingHooks.profile;
  if (!profile) return null;
  return (profile[model] ??= { pages: 0, readMs: 0, fitMs: 0 });
}

/** A read (a page, or the look at the business), timed into the profile when one is kept. */
export async function timedRead<T>(model: string, read: () => Promise<T>): Promise<T> {
  const entry = profileOf(model);
  const started = performance.now();
  const result = await read();
  if (entry) {
    entry.pages += 1;
    entry.readMs += performance.now() - started;
  }
  return result;
}

/** A fit in the worker, timed into the profile when one is kept. */
async function timedFit<T>(model: string, fit: () => Promise<T>): Promise<T> {
  const entry = profileOf(model);
  const started = performance.now();
  const result = await fit();
  if (entry) entry.fitMs += performance.now() - started;
  return result;
}

/**
 * Calls `read` on consecutive windows of `days` days from `from` to `to` (inclusive), one
 * transaction each; days before the business's first sale are skipped (nothing to read).
 */
async function inWindows(database: Database, business: AiBusiness, from: string, to: string, days: number, read: (first: string, last: string) => Promise<void>) {
  const turn = takingTurns(database);
  if (business.firstSaleDay === null) return;
  const start = business.firstSaleDay > from ? business.firstSaleDay : from;
  for (let first = start; first <= to; first = addDays(first, days)) {
    const last = addDays(first, days - 1) < to ? addDays(first, days - 1) : to;
    await turn(() => read(first, last));
    await trainingHooks.afterPage?.();
  }
}

export async function trainSalesModel(database: Database, businessId: string, business: AiBusiness, historyDays: number) {
  const from = addDays(business.yesterday, -(historyDays - 1));
  const points: { date: string; value: number }[] = [];
  await inWindows(database, business, from, business.yesterday, SALES_DAYS_PER_PAGE, async (first, last) => {
    points.push(...(await timedRead('sales_prediction', () => database.withTenant(businessId, (tx) => repo.dailyNetSalesFromRollup(tx, businessId, first, last)))));
  });
  return timedFit('sales_prediction', () => fitInWorker({ model: 'sales_prediction', input: { points, yesterday: business.yesterday } }));
}

export async function trainStockModel(
  database: Database,
  businessId: string,
  business: AiBusiness,
  settings: { windowDays: number; defaultLeadTimeDays: number; reviewDays: number },
) {
  const from = addDays(business.yesterday, -(settings.windowDays - 1));
  const products: StockProductRow[] = [];
  const turn = takingTurns(database);
  for (let after: string | null = null; ; ) {
    const page = await turn(() => timedRead('stock_products', () => database.withTenant(businessId, (tx) => repo.stockProducts(tx, businessId, { after, limit: PRODUCTS_PER_PAGE }))));
    products.push(...page);
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
  await inWindows(database, business, from, business.yesterday, UNITS_DAYS_PER_PAGE, async (first, last) => {
    const rows = await timedRead('stock_forecast', () => database.withTenant(businessId, (tx) => repo.productDailyUnitsFromRollup(tx, businessId, first, last)));
    for (const row of rows) {
      const index = indexOf.get(row.productId);
      if (index === undefined) continue;
      productIndex.push(index);
      dayIndex.push(Math.round((Date.parse(`${row.day}T00:00:00Z`) - fromMs) / 86_400_000));
      units.push(row.units);
    }
  });
  const fits = await timedFit('stock_forecast', () => fitInWorker({
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
  }));
  return products.map((product, index) => ({ product, fit: fits[index]! }));
}

export async function trainRulesModel(database: Database, businessId: string, business: AiBusiness, windowDays: number, minCount: number) {
  const ids: string[] = [];
  const indexOf = new Map<string, number>();
  const offsets: number[] = [0];
  const items: number[] = [];
  let current: string | null = null;
  await inWindows(database, business, addDays(business.today, -windowDays), business.today, LINES_DAYS_PER_PAGE, async (first, last) => {
    const lines = await timedRead('product_recommendation', () => database.withTenant(businessId, (tx) => repo.basketLines(tx, businessId, business.timeZone, first, last)));
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
  return timedFit('product_recommendation', () => fitInWorker({ model: 'product_recommendation', input: { ids, offsets: Int32Array.from(offsets), items: Int32Array.from(items), minCount } }));
}

export async function trainFootpathModel(
  database: Database,
  businessId: string,
  business: AiBusiness,
  settings: { windowDays: number; cohortLimit: number; atRiskLimit: number },
) {
  const orders: { customerId: string; date: string; amount: number }[] = [];
  await inWindows(database, business, addDays(business.today, -settings.windowDays), business.today, CUSTOMER_DAYS_PER_PAGE, async (first, last) => {
    orders.push(...(await timedRead('customer_footpath', () => database.withTenant(businessId, (tx) => repo.customerDaysFromRollup(tx, businessId, first, last)))));
  });
  return timedFit('customer_footpath', () => fitInWorker({ model: 'customer_footpath', input: { orders, asOf: business.today, cohortLimit: settings.cohortLimit, atRiskLimit: settings.atRiskLimit } }));
}

import { addDays } from '@till/core';
import type { Database } from '../../db/client.ts';
import { takingTurns } from '../../lib/event-loop.ts';
import { aiModulesRepository as repo, type StockProductRow } from './ai-modules.repository.ts';
import { fitInWorker } from './fit-in-worker.ts';
import type { AiBusiness } from './load-business.ts';

/**
 * Training each AI model without holding up sales (issue 15, decisions 042, 061 and 072). The
 * history is read in short pages — a window of days sized to take about 40 ms, or a page of
 * products by id — each in its own short transaction, taking turns with whatever else waits
 * between them (`takingTurns`, decision 018: on PGlite every query holds the one database session,
 * so after each page, when another transaction is under way or waiting, the training steps aside
 * as long as the page took, at most 100 ms, and checkouts get the session at least half the time);
 * the fitting runs in the training worker thread (fit-in-worker.ts), so the thread that answers
 * requests stays free, and a model's fit overlaps the next model's reads. Daily sales, units per
 * product and day, and customers' visits come from the daily rollups the sales keep (decisions 043
 * and 054: a row per day, or per product or customer and day, not per order line); only the
 * baskets (which products were bought together) read order lines. The two large reads (units,
 * baskets) come back as one text value a page, not a row per product and day or per line.
 */

/**
 * A page of history is sized to take about PAGE_TARGET_MS (decision 072): it starts at one day and
 * the next page's days are scaled by how long the last one took (at most doubling, at most the
 * model's most days a page), so a page never holds PGlite's one session much longer than a sale
 * takes, however large the shop, and a quiet shop is read in a few large pages.
 */
const PAGE_TARGET_MS = 40;
const SALES_DAYS_PER_PAGE = 366;
const UNITS_DAYS_PER_PAGE = 91;
const LINES_DAYS_PER_PAGE = 31;
const CUSTOMER_DAYS_PER_PAGE = 91;
const PRODUCTS_PER_PAGE = 500;

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
 * The models of one business train at once (get-ai-modules.ts), each fit in the worker while the
 * next model reads, but their reads take turns one at a time: a page and the pause after it are
 * one turn, so the training as a whole still leaves the database to others at least half the time.
 */
const readQueues = new Map<string, Promise<unknown>>();
function takingTurnsAsOne(database: Database, businessId: string) {
  const turn = takingTurns(database);
  return <T>(work: () => Promise<T>): Promise<T> => {
    const mine = (readQueues.get(businessId) ?? Promise.resolve()).then(() => turn(work));
    const settled = mine.then(
      () => undefined,
      () => undefined,
    );
    readQueues.set(businessId, settled);
    void settled.then(() => {
      if (readQueues.get(businessId) === settled) readQueues.delete(businessId);
    });
    return mine;
  };
}

/**
 * Calls `read` on consecutive windows of days from `from` to `to` (inclusive), one transaction
 * each, sized by time (PAGE_TARGET_MS, at most `maxDays` days); days before the business's first
 * sale are skipped (nothing to read).
 */
async function inWindows(
  database: Database,
  businessId: string,
  business: AiBusiness,
  from: string,
  to: string,
  maxDays: number,
  read: (first: string, last: string) => Promise<void>,
) {
  const turn = takingTurnsAsOne(database, businessId);
  if (business.firstSaleDay === null) return;
  let days = 1;
  for (let first = business.firstSaleDay > from ? business.firstSaleDay : from; first <= to; ) {
    const last = addDays(first, days - 1) < to ? addDays(first, days - 1) : to;
    const tookMs = await turn(async () => {
      const started = performance.now();
      await read(first, last);
      return performance.now() - started;
    });
    await trainingHooks.afterPage?.();
    first = addDays(last, 1);
    days = Math.max(1, Math.min(maxDays, 2 * days, Math.floor((days * PAGE_TARGET_MS) / Math.max(1, tookMs))));
  }
}

export async function trainSalesModel(database: Database, businessId: string, business: AiBusiness, historyDays: number) {
  const from = addDays(business.yesterday, -(historyDays - 1));
  const points: { date: string; value: number }[] = [];
  await inWindows(database, businessId, business, from, business.yesterday, SALES_DAYS_PER_PAGE, async (first, last) => {
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
  const turn = takingTurnsAsOne(database, businessId);
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
  await inWindows(database, businessId, business, from, business.yesterday, UNITS_DAYS_PER_PAGE, async (first, last) => {
    const rows = await timedRead('stock_forecast', () => database.withTenant(businessId, (tx) => repo.productDailyUnitsFromRollup(tx, businessId, first, last)));
    const firstIndex = Math.round((Date.parse(`${first}T00:00:00Z`) - fromMs) / 86_400_000);
    for (const row of rows) {
      const index = indexOf.get(row.productId);
      if (index === undefined) continue;
      productIndex.push(index);
      dayIndex.push(firstIndex + row.dayAfterFrom);
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
  await inWindows(database, businessId, business, addDays(business.today, -windowDays), business.today, LINES_DAYS_PER_PAGE, async (first, last) => {
    const baskets = await timedRead('product_recommendation', () => database.withTenant(businessId, (tx) => repo.baskets(tx, businessId, business.timeZone, first, last)));
    // An order lies in one window: each basket is whole.
    for (const basket of baskets) {
      for (const productId of basket) {
        let index = indexOf.get(productId);
        if (index === undefined) {
          index = ids.length;
          ids.push(productId);
          indexOf.set(productId, index);
        }
        items.push(index);
      }
      offsets.push(items.length);
    }
  });
  return timedFit('product_recommendation', () => fitInWorker({ model: 'product_recommendation', input: { ids, offsets: Int32Array.from(offsets), items: Int32Array.from(items), minCount } }));
}

export async function trainFootpathModel(
  database: Database,
  businessId: string,
  business: AiBusiness,
  settings: { windowDays: number; cohortLimit: number; atRiskLimit: number },
) {
  const orders: { customerId: string; date: string; amount: number }[] = [];
  await inWindows(database, businessId, business, addDays(business.today, -settings.windowDays), business.today, CUSTOMER_DAYS_PER_PAGE, async (first, last) => {
    orders.push(...(await timedRead('customer_footpath', () => database.withTenant(businessId, (tx) => repo.customerDaysFromRollup(tx, businessId, first, last)))));
  });
  return timedFit('customer_footpath', () => fitInWorker({ model: 'customer_footpath', input: { orders, asOf: business.today, cohortLimit: settings.cohortLimit, atRiskLimit: settings.atRiskLimit } }));
}

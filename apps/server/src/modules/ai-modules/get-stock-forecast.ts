import type { Database } from '../../db/client.ts';
import { loadAiBusiness, type AiBusiness } from './load-business.ts';
import { cachedModel } from './model-cache.ts';
import { trainStockModel } from './train-models.ts';

/** Days of sales each product's demand is learnt from. */
const STOCK_WINDOW_DAYS = 365;
/** Lead time assumed for a product without a supplier or whose supplier has none. */
export const DEFAULT_LEAD_TIME_DAYS = 7;
/** Days between orders (the review period of the order-up-to policy). */
export const REVIEW_DAYS = 7;

export interface StockForecastRow {
  productId: string;
  name: string;
  sku: string | null;
  status: 'ok' | 'short_history' | 'no_sales';
  demandClass: string;
  expectedDailyDemand: number;
  onHand: number;
  onOrder: number;
  stockoutDate: string | null;
  daysOfCover: number | null;
  stockoutBeforeDelivery: boolean;
  leadTimeDays: number;
  leadTimeAssumed: boolean;
  safetyStock: number;
  reorderPoint: number;
  orderUpTo: number;
  reorderNow: boolean;
  reorderQuantity: number;
  packSize: number;
  productReorderPoint: number | null;
  productReorderQuantity: number | null;
  supplierId: string | null;
  supplierName: string | null;
}

async function computePlans(database: Database, businessId: string, business: AiBusiness): Promise<StockForecastRow[]> {
  const plans = await trainStockModel(database, businessId, business, { windowDays: STOCK_WINDOW_DAYS, defaultLeadTimeDays: DEFAULT_LEAD_TIME_DAYS, reviewDays: REVIEW_DAYS });
  return plans.map(({ product, fit: plan }) => ({
    productId: product.productId,
    name: product.name,
    sku: product.sku,
    status: plan.status,
    demandClass: plan.demandClass,
    expectedDailyDemand: Math.round(plan.meanDaily * 1000) / 1000,
    onHand: product.onHand,
    onOrder: product.onOrder,
    stockoutDate: plan.stockoutDate,
    daysOfCover: plan.daysOfCover,
    stockoutBeforeDelivery: plan.stockoutBeforeDelivery,
    leadTimeDays: product.leadTimeDays ?? DEFAULT_LEAD_TIME_DAYS,
    leadTimeAssumed: product.leadTimeDays === null,
    safetyStock: plan.safetyStock,
    reorderPoint: plan.reorderPoint,
    orderUpTo: plan.orderUpTo,
    reorderNow: plan.reorderNow,
    reorderQuantity: plan.reorderQuantity,
    packSize: product.packSize ?? 1,
    productReorderPoint: product.reorderPoint,
    productReorderQuantity: product.reorderQuantity,
    supplierId: product.supplierId,
    supplierName: product.supplierName,
  }));
}

/** Every tracked product's plan, cached per business and day (model-cache.ts). */
export async function loadStockPlans(database: Database, businessId: string, loaded?: AiBusiness) {
  const business = loaded ?? (await database.withTenant(businessId, (tx) => loadAiBusiness(tx, businessId)));
  const { value, computedAt } = await cachedModel(businessId, 'stock_forecast', business.key, () => computePlans(database, businessId, business));
  return { business, products: value, computedAt };
}

/** localeCompare's order, without building a collator for each of the ~n log n comparisons of 10,000 names. */
const byName = new Intl.Collator().compare;

const URGENCY = (row: StockForecastRow) => (row.stockoutBeforeDelivery ? 0 : row.reorderNow ? 1 : row.status === 'no_sales' ? 3 : 2);

/**
 * Stock forecast: per tracked product, expected daily demand, the day stock runs out at that
 * pace, and what to reorder given the supplier's lead time (docs/insight-models.md). Most urgent
 * first: running out before an order placed today would arrive, then due for reorder, then by
 * run-out date.
 */
export async function getStockForecast(database: Database, businessId: string, loaded?: AiBusiness) {
  const { business, products, computedAt } = await loadStockPlans(database, businessId, loaded);
  const sorted = [...products].sort(
    (a, b) => URGENCY(a) - URGENCY(b) || (a.stockoutDate ?? '9999').localeCompare(b.stockoutDate ?? '9999') || byName(a.name, b.name),
  );
  return {
    currency: business.currency,
    timeZone: business.timeZone,
    today: business.today,
    computedAt,
    defaultLeadTimeDays: DEFAULT_LEAD_TIME_DAYS,
    reviewDays: REVIEW_DAYS,
    serviceLevel: 0.95,
    summary: {
      trackedProducts: products.length,
      withHistory: products.filter((row) => row.status === 'ok').length,
      reorderNow: products.filter((row) => row.reorderNow).length,
      runningOutBeforeDelivery: products.filter((row) => row.stockoutBeforeDelivery).length,
    },
    products: sorted,
  };
}

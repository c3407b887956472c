import { daysUntilExpiry } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessToday } from '../purchasing/business-today.ts';
import { batchesRepository as repo } from './batches.repository.ts';

type Listed = Awaited<ReturnType<typeof repo.list>>[number];

/** A lot on the wire (decision 070: snake_case). */
export interface BatchView {
  id: string;
  product_id: string;
  product_name: string;
  sku: string | null;
  store_id: string;
  store_name: string;
  lot_number: string;
  expiry_date: string | null;
  days_left: number | null;
  quantity: number;
  /** What the lot would cost to write off now: quantity × the product's cost. */
  cost_value: number;
  received_at: string;
}

function toView(row: Listed, today: string): BatchView {
  return {
    id: row.id,
    product_id: row.productId,
    product_name: row.productName,
    sku: row.sku,
    store_id: row.storeId,
    store_name: row.storeName,
    lot_number: row.lotNumber,
    expiry_date: row.expiryDate,
    days_left: row.expiryDate ? daysUntilExpiry(today, row.expiryDate) : null,
    quantity: row.quantity,
    cost_value: Math.max(0, row.quantity) * (row.unitCost ?? 0),
    received_at: row.createdAt.toISOString(),
  };
}

/** The lots of batch-tracked products (optionally one product, one store), with days left to expiry in the business's time zone. */
export async function listBatches(database: Database, tenant: TenantContext, filter: { productId?: string | undefined; storeId?: string | undefined }) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const today = businessToday(await repo.timeZone(tx, tenant.businessId), new Date());
    const [rows, products] = [await repo.list(tx, tenant.businessId, filter), await repo.trackedProducts(tx, tenant.businessId)];
    return { today, products, batches: rows.map((row) => toView(row, today)) };
  });
}

/** Lots holding stock that expire within `days` days (or already have), soonest first. */
export async function listExpiringBatches(database: Database, tenant: TenantContext, query: { days: number; storeId?: string | undefined }) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const today = businessToday(await repo.timeZone(tx, tenant.businessId), new Date());
    const until = new Date(Date.parse(`${today}T00:00:00Z`) + query.days * 86_400_000).toISOString().slice(0, 10);
    const rows = await repo.list(tx, tenant.businessId, { storeId: query.storeId, expiringBy: until });
    const batches = rows.map((row) => toView(row, today)).sort((a, b) => (a.days_left ?? 0) - (b.days_left ?? 0) || a.product_name.localeCompare(b.product_name));
    return { today, days: query.days, batches };
  });
}

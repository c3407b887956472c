import { daysUntilExpiry } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessToday } from '../purchasing/business-today.ts';
import { batchesRepository as repo } from './batches.repository.ts';

type Listed = Awaited<ReturnType<typeof repo.list>>[number];

export interface BatchView {
  id: string;
  productId: string;
  productName: string;
  sku: string | null;
  storeId: string;
  storeName: string;
  lotNumber: string;
  expiryDate: string | null;
  daysLeft: number | null;
  quantity: number;
  /** What the lot would cost to write off now: quantity × the product's cost. */
  costValue: number;
  receivedAt: string;
}

function toView(row: Listed, today: string): BatchView {
  return {
    id: row.id,
    productId: row.productId,
    productName: row.productName,
    sku: row.sku,
    storeId: row.storeId,
    storeName: row.storeName,
    lotNumber: row.lotNumber,
    expiryDate: row.expiryDate,
    daysLeft: row.expiryDate ? daysUntilExpiry(today, row.expiryDate) : null,
    quantity: row.quantity,
    costValue: Math.max(0, row.quantity) * (row.unitCost ?? 0),
    receivedAt: row.createdAt.toISOString(),
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
    const batches = rows.map((row) => toView(row, today)).sort((a, b) => (a.daysLeft ?? 0) - (b.daysLeft ?? 0) || a.productName.localeCompare(b.productName));
    return { today, days: query.days, batches };
  });
}

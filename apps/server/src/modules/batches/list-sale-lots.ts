import { daysUntilExpiry, fefoOrder } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessToday } from '../purchasing/business-today.ts';
import { productNotFound } from './batch-errors.ts';
import { batchesRepository as repo } from './batches.repository.ts';

/** The wire's lot (decision 070: snake_case). */
export interface SaleLot {
  lot_number: string;
  expiry_date: string | null;
  days_left: number | null;
  quantity: number;
}

/**
 * The lots a till may sell one product from (the cashier's lot picker, decision 058): the lots
 * with stock in the till's store (its register's store, else the default store, as checkout
 * takes them), first to expire first. The store's "no lot" batch cannot be named, so it is not
 * listed. A product that does not track batches answers `track_batches: false` and no lots.
 */
export async function listSaleLots(database: Database, tenant: TenantContext, productId: string) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const product = await repo.findProduct(tx, tenant.businessId, productId);
    if (!product) throw productNotFound();
    if (!product.trackBatches) return { product_id: productId, track_batches: false, today: null, lots: [] as SaleLot[] };
    const today = businessToday(await repo.timeZone(tx, tenant.businessId), new Date());
    const storeId = await repo.saleStore(tx, tenant.businessId, tenant.registerId);
    const rows = storeId ? await repo.lotsForSale(tx, tenant.businessId, storeId, [productId]) : [];
    const lots = fefoOrder(rows.filter((row) => row.lotNumber !== '' && row.quantity > 0).map((row) => ({ ...row, receivedAt: row.createdAt.toISOString() }))).map(
      (row): SaleLot => ({
        lot_number: row.lotNumber,
        expiry_date: row.expiryDate,
        days_left: row.expiryDate ? daysUntilExpiry(today, row.expiryDate) : null,
        quantity: row.quantity,
      }),
    );
    return { product_id: productId, track_batches: true, today, lots };
  });
}

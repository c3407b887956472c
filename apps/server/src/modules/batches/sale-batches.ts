import { allocateSale } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessToday } from '../purchasing/business-today.ts';
import { batchesRepository as repo } from './batches.repository.ts';

/** The units of one product a sale takes from one lot; batchId null is stock no lot covers. */
export interface SaleBatchTake {
  batchId: string | null;
  quantity: number;
}

/** The lots a sale names, by product and lot number (decision 069: the paid line keeps its lot). */
export type NamedLots = ReadonlyMap<string, string>;
export const namedLotKey = (productId: string, lotNumber: string) => `${productId}\u0000${lotNumber}`;

/**
 * Which lots a sale takes from (decision 048): in the till's store, first-expiry-first-out
 * (core's allocateSale; lots expired before today go last, decision 059), except a line naming a lot (the cashier's override, API only), which
 * takes from that lot. Read before the sale's one statement; the lots are re-checked under their
 * row locks when the movements are written (a lot emptied meanwhile is 409 insufficient_stock).
 * Products that do not track batches are not in the answer.
 */
export async function planSaleBatches(
  database: Database,
  tenant: TenantContext,
  lines: readonly { productId: string; quantity: number; lotNumber?: string | undefined }[],
  names: ReadonlyMap<string, string>,
): Promise<{ plan: Map<string, SaleBatchTake[]>; named: NamedLots }> {
  const productIds = [...new Set(lines.map((line) => line.productId))];
  const plan = new Map<string, SaleBatchTake[]>();
  if (productIds.length === 0) return { plan, named: new Map() };
  const { tracked, lots, today } = await database.withTenant(tenant.businessId, async (tx) => {
    const storeId = await repo.saleStore(tx, tenant.businessId, tenant.registerId);
    const tracked = await repo.batchTrackedIds(tx, tenant.businessId, productIds);
    if (tracked.size === 0) return { tracked, lots: [], today: undefined };
    return {
      tracked,
      lots: storeId ? await repo.lotsForSale(tx, tenant.businessId, storeId, [...tracked]) : [],
      today: businessToday(await repo.timeZone(tx, tenant.businessId), new Date()),
    };
  });
  for (const line of lines) {
    if (line.lotNumber && !tracked.has(line.productId)) {
      throw new AppError(422, 'batches_not_tracked', `${names.get(line.productId) ?? 'A product'} does not track batches, so a sale line cannot name a lot`);
    }
  }
  for (const productId of tracked) {
    const name = names.get(productId) ?? 'a product';
    const result = allocateSale(
      lots.filter((lot) => lot.productId === productId).map((lot) => ({ ...lot, receivedAt: lot.createdAt.toISOString() })),
      lines.filter((line) => line.productId === productId),
      today,
    );
    if (!result.ok) {
      if (result.problem === 'lot_not_found') throw new AppError(422, 'batch_not_found', `There is no lot ${result.lotNumber} of ${name} in this store`, { product_id: productId });
      throw new AppError(409, 'insufficient_stock', `Only ${result.available} of ${name} left in lot ${result.lotNumber}`, { product_id: productId, available: result.available });
    }
    plan.set(productId, [...result.takes, ...(result.shortfall > 0 ? [{ batchId: null, quantity: result.shortfall }] : [])]);
  }
  const named = new Map(lots.filter((lot) => lot.lotNumber !== '').map((lot) => [namedLotKey(lot.productId, lot.lotNumber), lot.id]));
  return { plan, named };
}

/**
 * The lot each line of a parked sale names (decision 069), null where it names none: in the
 * till's store, the store a sale there takes from. Named lots are checked as paying checks them (a
 * product without batch tracking: 422 batches_not_tracked; no such lot in the store: 422
 * batch_not_found, which is also the answer for another business's lot, hidden by row-level
 * security); how much a lot holds is checked when the sale is paid, since parking takes no stock.
 */
export async function namedLotsOfParkedLines(
  tx: Tx,
  tenant: TenantContext,
  lines: readonly { productId: string; lotNumber?: string | undefined }[],
  names: ReadonlyMap<string, string>,
): Promise<(string | null)[]> {
  const naming = lines.filter((line) => line.lotNumber);
  if (naming.length === 0) return lines.map(() => null);
  const productIds = [...new Set(naming.map((line) => line.productId))];
  const tracked = await repo.batchTrackedIds(tx, tenant.businessId, productIds);
  const storeId = await repo.saleStore(tx, tenant.businessId, tenant.registerId);
  const lots = storeId ? await repo.lotsForSale(tx, tenant.businessId, storeId, [...tracked]) : [];
  const ids = new Map(lots.filter((lot) => lot.lotNumber !== '').map((lot) => [namedLotKey(lot.productId, lot.lotNumber), lot.id]));
  return lines.map((line) => {
    if (!line.lotNumber) return null;
    const name = names.get(line.productId) ?? 'A product';
    if (!tracked.has(line.productId)) throw new AppError(422, 'batches_not_tracked', `${name} does not track batches, so a sale line cannot name a lot`);
    const id = ids.get(namedLotKey(line.productId, line.lotNumber));
    if (!id) throw new AppError(422, 'batch_not_found', `There is no lot ${line.lotNumber} of ${name} in this store`, { product_id: line.productId });
    return id;
  });
}

import { ADJUSTMENT_REASON_LABELS, MAX_STOCK_QUANTITY, type AdjustmentReason } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import type { stockAdjustments } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { actorOf, keyReused, notTracked, productNotFound, requestHash } from './stock-control-errors.ts';
import { stockControlRepository as repo } from './stock-control.repository.ts';
import { stockOnHand, stockStore } from './stock-store.ts';

type AdjustmentRow = typeof stockAdjustments.$inferSelect;

/** What adjustStock takes; the route reads it from the snake_case body (decision 070). */
export type StockAdjustmentInput = {
  idempotencyKey: string;
  productId: string;
  quantityDelta: number;
  reason: AdjustmentReason;
  note?: string | null | undefined;
  storeId?: string | undefined;
};

export function toAdjustmentView(row: AdjustmentRow) {
  return {
    id: row.id,
    product_id: row.productId,
    quantity_delta: row.quantityDelta,
    reason: row.reason,
    note: row.note,
    quantity_after: row.quantityAfter,
    store_id: row.storeId,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * An adjustment with a reason (issue 14 item 3): one 'adjustment' movement and the running sum
 * in one transaction, audited. Stock does not go below zero unless the business allows negative
 * stock (as checkout). A retry with the same idempotency key returns the first adjustment.
 */
export async function adjustStock(database: Database, tenant: TenantContext, input: StockAdjustmentInput) {
  const hash = requestHash(input);
  try {
    return await database.withTenant(tenant.businessId, (tx) => write(tx, tenant, input, hash));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return database.withTenant(tenant.businessId, async (tx) => {
      const first = await repo.findAdjustmentByKey(tx, tenant.businessId, input.idempotencyKey);
      if (!first) throw error;
      if (first.requestHash !== hash) throw keyReused();
      return { replayed: true, adjustment: toAdjustmentView(first) };
    });
  }
}

async function write(tx: Tx, tenant: TenantContext, input: StockAdjustmentInput, hash: string) {
  const businessId = tenant.businessId;
  const [product] = await repo.lockProducts(tx, businessId, [input.productId]);
  if (!product) throw productNotFound();
  // Under the product's lock: a retry that waited for the first attempt finds it here.
  const first = await repo.findAdjustmentByKey(tx, businessId, input.idempotencyKey);
  if (first) {
    if (first.requestHash !== hash) throw keyReused();
    return { replayed: true, adjustment: toAdjustmentView(first) };
  }
  if (!product.trackStock) throw notTracked(product.name);
  const store = await stockStore(tx, tenant, input.storeId);
  const before = await stockOnHand(tx, businessId, store, product);
  const after = before + input.quantityDelta;
  const where = store.perStore ? ` in ${store.name}` : '';
  if (after > MAX_STOCK_QUANTITY || after < -MAX_STOCK_QUANTITY) {
    throw new AppError(422, 'stock_out_of_range', `Stock of ${product.name}${where} would be ${after}; it stays within ±${MAX_STOCK_QUANTITY.toLocaleString('en-US')}`);
  }
  const { allowNegativeStock } = await repo.settings(tx, businessId);
  if (after < 0 && input.quantityDelta < 0 && !allowNegativeStock) {
    throw new AppError(409, 'insufficient_stock', `Only ${before} of ${product.name} in stock${where}; stock cannot go below zero`, {
      stock_quantity: before,
    });
  }
  const actor = actorOf(tenant);
  const note = input.note?.trim() || null;
  const row = await repo.insertAdjustment(tx, {
    businessId,
    productId: product.id,
    quantityDelta: input.quantityDelta,
    reason: input.reason,
    note,
    quantityAfter: after,
    storeId: store.id,
    idempotencyKey: input.idempotencyKey,
    requestHash: hash,
    ...actor,
  });
  await repo.applyMovements(tx, businessId, actor, [{ productId: product.id, delta: input.quantityDelta, reason: 'adjustment', note: adjustmentNote(input.reason, note) }], store.id);
  await repo.insertAudit(tx, {
    businessId,
    ...actor,
    action: 'stock.adjusted',
    details: { adjustment_id: row.id, product_id: product.id, name: product.name, delta: input.quantityDelta, reason: input.reason, note, store_id: store.id, quantity_before: before, quantity_after: after },
  });
  return { replayed: false, adjustment: toAdjustmentView(row) };
}

/** The movement's note names the reason, so the history reads without a join. */
function adjustmentNote(reason: StockAdjustmentInput['reason'], note: string | null): string {
  const label = ADJUSTMENT_REASON_LABELS[reason];
  return note ? `${label}: ${note}` : label;
}

import { WASTE_REASON_LABELS, wasteCostValue, type WasteReason } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import type { wasteRecords } from '../../db/schema/index.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { actorOf, keyReused, notTracked, productNotFound, requestHash } from './stock-control-errors.ts';
import { stockControlRepository as repo } from './stock-control.repository.ts';
import { stockOnHand, stockStore } from './stock-store.ts';

type WasteRow = typeof wasteRecords.$inferSelect;

/** What recordWaste takes; the route reads it from the snake_case body (decision 070). */
export type WasteRecordInput = {
  idempotencyKey: string;
  productId: string;
  quantity: number;
  reason: WasteReason;
  note?: string | null | undefined;
  storeId?: string | undefined;
};

/** A waste record on /api/waste (snake_case, decision 070). */
export function toWasteRecordView(row: WasteRow) {
  return {
    id: row.id,
    product_id: row.productId,
    quantity: row.quantity,
    reason: row.reason,
    note: row.note,
    unit_cost: row.unitCost,
    cost_value: row.costValue,
    store_id: row.storeId,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * Waste (issue 14 item 4): the units leave stock as a 'waste' movement, and the record keeps the
 * product's cost at that moment, so later cost changes do not rewrite what was lost. One
 * transaction, audited; a retry with the same idempotency key returns the first record.
 */
export async function recordWaste(database: Database, tenant: TenantContext, input: WasteRecordInput) {
  const hash = requestHash(input);
  try {
    return await database.withTenant(tenant.businessId, (tx) => write(tx, tenant, input, hash));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return database.withTenant(tenant.businessId, async (tx) => {
      const first = await repo.findWasteByKey(tx, tenant.businessId, input.idempotencyKey);
      if (!first) throw error;
      if (first.requestHash !== hash) throw keyReused();
      return { replayed: true, waste: toWasteRecordView(first) };
    });
  }
}

async function write(tx: Tx, tenant: TenantContext, input: WasteRecordInput, hash: string) {
  const businessId = tenant.businessId;
  const [product] = await repo.lockProducts(tx, businessId, [input.productId]);
  if (!product) throw productNotFound();
  const first = await repo.findWasteByKey(tx, businessId, input.idempotencyKey);
  if (first) {
    if (first.requestHash !== hash) throw keyReused();
    return { replayed: true, waste: toWasteRecordView(first) };
  }
  if (!product.trackStock) throw notTracked(product.name);
  const store = await stockStore(tx, tenant, input.storeId);
  const before = await stockOnHand(tx, businessId, store, product);
  const after = before - input.quantity;
  const { allowNegativeStock } = await repo.settings(tx, businessId);
  if (after < 0 && !allowNegativeStock) {
    throw new AppError(409, 'insufficient_stock', `Only ${before} of ${product.name} in stock${store.perStore ? ` in ${store.name}` : ''}; stock cannot go below zero`, {
      stock_quantity: before,
    });
  }
  const actor = actorOf(tenant);
  const note = input.note?.trim() || null;
  const unitCost = product.cost ?? 0;
  const row = await repo.insertWaste(tx, {
    businessId,
    productId: product.id,
    quantity: input.quantity,
    reason: input.reason,
    note,
    unitCost,
    costValue: wasteCostValue(input.quantity, unitCost),
    storeId: store.id,
    idempotencyKey: input.idempotencyKey,
    requestHash: hash,
    ...actor,
  });
  await repo.applyMovements(tx, businessId, actor, [{ productId: product.id, delta: -input.quantity, reason: 'waste', note: note ? `${WASTE_REASON_LABELS[input.reason]}: ${note}` : WASTE_REASON_LABELS[input.reason] }], store.id);
  await repo.insertAudit(tx, {
    businessId,
    ...actor,
    action: 'stock.waste_recorded',
    details: { waste_id: row.id, product_id: product.id, name: product.name, quantity: input.quantity, reason: input.reason, cost_value: row.costValue, store_id: store.id, quantity_after: after },
  });
  return { replayed: false, waste: toWasteRecordView(row) };
}

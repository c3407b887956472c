import { createHash } from 'node:crypto';
import { wasteCostValue, type WriteOffBatchInput } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { toWasteRecordView } from '../stock-control/record-waste.ts';
import { stockControlRepository as stockControl } from '../stock-control/stock-control.repository.ts';
import { actorOf, batchEmpty, batchNotFound, keyReused, lotLabel } from './batch-errors.ts';
import { batchesRepository as repo } from './batches.repository.ts';

const hashOf = (batchId: string, input: WriteOffBatchInput) => createHash('sha256').update(JSON.stringify({ batchId, note: input.note ?? null })).digest('base64url');

/**
 * Writes a lot off (decision 048): everything it holds leaves stock as one waste movement of that
 * lot, in its store, and a waste record (reason expired, the product's cost now) shows it on
 * /waste-tracking (in the lot's store, so the report's store filter finds it). The waste record is
 * stock control's (its repository writes it, decision 059). One transaction, audited. A lot holding nothing is a 409 batch_empty (writing
 * off twice writes nothing the second time); a retry with the same key returns the first record.
 */
export async function writeOffBatch(database: Database, tenant: TenantContext, batchId: string, input: WriteOffBatchInput) {
  const hash = hashOf(batchId, input);
  try {
    return await database.withTenant(tenant.businessId, (tx) => write(tx, tenant, batchId, input, hash));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    return database.withTenant(tenant.businessId, async (tx) => {
      const first = await stockControl.findWasteByKey(tx, tenant.businessId, input.idempotencyKey);
      if (!first) throw error;
      if (first.requestHash !== hash) throw keyReused();
      return { replayed: true, waste: toWasteRecordView(first) };
    });
  }
}

async function write(tx: Tx, tenant: TenantContext, batchId: string, input: WriteOffBatchInput, hash: string) {
  const businessId = tenant.businessId;
  const seen = await repo.findBatch(tx, businessId, batchId);
  if (!seen) throw batchNotFound();
  // Products first, then the lot (the lock order of every stock writer).
  const product = await repo.lockProduct(tx, businessId, seen.productId);
  const batch = await repo.findBatch(tx, businessId, batchId, true);
  if (!product || !batch) throw batchNotFound();
  const first = await stockControl.findWasteByKey(tx, businessId, input.idempotencyKey);
  if (first) {
    if (first.requestHash !== hash) throw keyReused();
    return { replayed: true, waste: toWasteRecordView(first) };
  }
  if (batch.quantity <= 0) throw batchEmpty(batch.lotNumber);
  const actor = actorOf(tenant);
  const note = input.note?.trim() || null;
  const unitCost = product.cost ?? 0;
  const label = lotLabel(batch.lotNumber);
  const row = await stockControl.insertWaste(tx, {
    businessId,
    productId: product.id,
    quantity: batch.quantity,
    reason: 'expired',
    note: note ? `${label} written off: ${note}` : `${label} written off`,
    unitCost,
    costValue: wasteCostValue(batch.quantity, unitCost),
    idempotencyKey: input.idempotencyKey,
    requestHash: hash,
    batchId: batch.id,
    storeId: batch.storeId,
    ...actor,
  });
  await repo.insertMovement(tx, {
    businessId,
    productId: product.id,
    quantityDelta: -batch.quantity,
    reason: 'waste',
    note: `Expired: ${label} written off`,
    storeId: batch.storeId,
    batchId: batch.id,
    ...actor,
  });
  await repo.addToProductStock(tx, businessId, product.id, -batch.quantity);
  await repo.insertAudit(tx, {
    businessId,
    ...actor,
    action: 'stock.batch_written_off',
    details: { waste_id: row.id, batch_id: batch.id, product_id: product.id, name: product.name, lot_number: batch.lotNumber, quantity: batch.quantity, cost_value: row.costValue },
  });
  return { replayed: false, waste: toWasteRecordView(row) };
}

import { createHash } from 'node:crypto';
import { MAX_STOCK_QUANTITY, statusAfterReceiving, weightedAverageCost } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { actorOf, orderNotFound, productsNotFound, supplierNotFound } from './purchasing-errors.ts';
import { purchasingRepository as repo, type ReceiptRow } from './purchasing.repository.ts';
import { toReceiptView, type ReceiptView } from './purchasing-views.ts';
import { MAX_LINE_AMOUNT } from './order-lines.ts';
import { readPurchaseOrder } from './read-purchase-order.ts';
import { receiptLots } from '../batches/receipt-batches.ts';
import { ensureTransition } from './transition-errors.ts';
import { currentStore } from '../stores/current-store.ts';
import { requireActiveStore } from '../stores/store-errors.ts';

export interface ReceiveGoodsInput {
  idempotencyKey: string;
  purchaseOrderId?: string | undefined;
  supplierId?: string | undefined;
  /** The store the delivery arrives at (decision 049); left out: the main store. */
  storeId?: string | undefined;
  note?: string | null | undefined;
  lines: {
    purchaseOrderLineId?: string | undefined;
    productId?: string | undefined;
    quantity: number;
    unitCost?: number | undefined;
    batchNumber?: string | null | undefined;
    expiryDate?: string | null | undefined;
  }[];
}

const keyReused = () => new AppError(409, 'idempotency_key_reused', 'This idempotency key was already used for a different delivery');

function requestHash(input: ReceiveGoodsInput): string {
  const { idempotencyKey: _key, ...rest } = input;
  return createHash('sha256').update(JSON.stringify(rest)).digest('base64url');
}

async function replay(tx: Tx, businessId: string, input: ReceiveGoodsInput, hash: string): Promise<ReceiptRow | null> {
  const existing = await repo.findReceiptByKey(tx, businessId, input.idempotencyKey);
  if (!existing) return null;
  if (existing.requestHash !== hash) throw keyReused();
  return existing;
}

async function resultOf(tx: Tx, businessId: string, receipt: ReceiptRow, replayed: boolean) {
  const lines = await repo.receiptLinesOf(tx, [receipt.id]);
  return {
    replayed,
    receipt: toReceiptView(receipt, lines) as ReceiptView,
    purchaseOrder: receipt.purchaseOrderId ? await readPurchaseOrder(tx, businessId, receipt.purchaseOrderId) : null,
  };
}

/**
 * A delivery: against a sent or partly received purchase order (all or some of its lines, more or
 * fewer units than ordered) or without one. In one transaction each line writes a 'receipt' stock
 * movement, adds the units to stock and sets the product's cost to the weighted average (core's
 * weightedAverageCost); an order's lines count what arrived and the order becomes partly received
 * or received; the supplier's last cost is remembered. A client-generated idempotency key makes a
 * retry return the first receipt (never twice the stock); the same key with another body is a 409.
 * A cost other than the order's, or a delivery without an order (its costs are typed in), needs
 * can_change_prices. Audited.
 */
export async function receiveGoods(database: Database, tenant: TenantContext, input: ReceiveGoodsInput) {
  const hash = requestHash(input);
  try {
    return await database.withTenant(tenant.businessId, (tx) => writeReceipt(tx, tenant, input, hash));
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two deliveries with one key at once: the other committed first; answer with its receipt.
    return database.withTenant(tenant.businessId, async (tx) => {
      const first = await replay(tx, tenant.businessId, input, hash);
      if (!first) throw error;
      return resultOf(tx, tenant.businessId, first, true);
    });
  }
}

async function writeReceipt(tx: Tx, tenant: TenantContext, input: ReceiveGoodsInput, hash: string) {
  const businessId = tenant.businessId;
  const order = input.purchaseOrderId ? await repo.findOrder(tx, businessId, input.purchaseOrderId, true) : null;
  if (input.purchaseOrderId && !order) throw orderNotFound();
  // Under the order's lock: a retry that waited for the first attempt finds its receipt here.
  const first = await replay(tx, businessId, input, hash);
  if (first) return resultOf(tx, businessId, first, true);

  const supplierId = order?.supplierId ?? input.supplierId ?? null;
  if (input.supplierId && order && input.supplierId !== order.supplierId) {
    throw new AppError(422, 'supplier_mismatch', 'The delivery names another supplier than its purchase order');
  }
  if (supplierId && !order && !(await repo.findSupplier(tx, businessId, supplierId))) throw supplierNotFound();
  // Another business's store is not found (404) and nothing is written.
  // Named, else the till's or the employee's store (decision 059); the main store stays null, as before.
  let storeId: string | null = null;
  if (input.storeId) storeId = (await requireActiveStore(tx, tenant, input.storeId)).id;
  else {
    const current = await currentStore(tx, tenant);
    if (current.source !== 'main') storeId = current.store.id;
  }

  // Each received line: which product, how many, at what cost, and the order line it fills.
  type Planned = { orderLineId: string | null; productId: string; quantity: number; unitCost: number; batchNumber: string | null; expiryDate: string | null };
  const planned: Planned[] = [];
  let costTypedIn = false;
  if (order) {
    ensureTransition(order, 'receive');
    const orderLines = new Map((await repo.linesOf(tx, order.id)).map((row) => [row.line.id, row.line]));
    const seen = new Set<string>();
    for (const line of input.lines) {
      if (!line.purchaseOrderLineId) throw new AppError(400, 'validation_error', 'Each line of a delivery against an order names its purchase_order_line_id');
      const orderLine = orderLines.get(line.purchaseOrderLineId);
      if (!orderLine) throw new AppError(422, 'line_not_in_order', 'A delivery line is not part of this purchase order', { purchase_order_line_id: line.purchaseOrderLineId });
      if (line.productId && line.productId !== orderLine.productId) throw new AppError(422, 'line_not_in_order', 'A delivery line names another product than its order line');
      if (seen.has(orderLine.id)) throw new AppError(400, 'validation_error', 'Each order line may appear once in a delivery');
      seen.add(orderLine.id);
      if (line.unitCost !== undefined && line.unitCost !== orderLine.unitCost) costTypedIn = true;
      planned.push({ orderLineId: orderLine.id, productId: orderLine.productId, quantity: line.quantity, unitCost: line.unitCost ?? orderLine.unitCost, batchNumber: line.batchNumber?.trim() || null, expiryDate: line.expiryDate ?? null });
    }
  } else {
    costTypedIn = true;
    const seen = new Set<string>();
    for (const line of input.lines) {
      if (line.purchaseOrderLineId) throw new AppError(400, 'validation_error', 'A line names an order line, but the delivery names no purchase_order_id');
      if (!line.productId || line.unitCost === undefined) throw new AppError(400, 'validation_error', 'Each line of a delivery without an order names its product_id and unit_cost');
      if (seen.has(line.productId)) throw new AppError(400, 'validation_error', 'Each product may appear once in a delivery');
      seen.add(line.productId);
      planned.push({ orderLineId: null, productId: line.productId, quantity: line.quantity, unitCost: line.unitCost, batchNumber: line.batchNumber?.trim() || null, expiryDate: line.expiryDate ?? null });
    }
  }
  if (costTypedIn) requireAccess(tenant, { adminPermission: 'can_change_prices' });

  // Locked in id order (as every stock writer does), so two deliveries cannot deadlock.
  const productIds = [...new Set(planned.map((line) => line.productId))].sort();
  const products = new Map((await repo.findProducts(tx, businessId, productIds, true)).map((product) => [product.id, product]));
  const missing = productIds.filter((id) => !products.has(id));
  if (missing.length > 0) throw productsNotFound(missing);

  const receipt = await repo.insertReceipt(tx, {
    businessId,
    purchaseOrderId: order?.id ?? null,
    supplierId,
    idempotencyKey: input.idempotencyKey,
    requestHash: hash,
    note: input.note?.trim() || null,
    storeId,
    ...actorOf(tenant),
  });
  const changes: Record<string, unknown>[] = [];
  const receiptLines = [];
  // Written after the loop in one statement each (each product appears once: checked above).
  const applied: { id: string; delta: number; cost: number }[] = [];
  const receivedOnLines: { lineId: string; quantity: number }[] = [];
  const lastCosts: { businessId: string; supplierId: string; productId: string; lastCost: number }[] = [];
  for (const line of planned) {
    const product = products.get(line.productId)!;
    const stockAfter = product.stockQuantity + line.quantity;
    if (stockAfter > MAX_STOCK_QUANTITY) {
      throw new AppError(422, 'stock_out_of_range', `Stock of ${product.name} would be ${stockAfter}; it stays within ${MAX_STOCK_QUANTITY.toLocaleString('en-US')}`);
    }
    if (line.quantity * line.unitCost > MAX_LINE_AMOUNT) throw new AppError(422, 'amount_out_of_range', `The line for ${product.name} comes to more than a delivery can hold`);
    const costAfter = weightedAverageCost({ stockBefore: product.stockQuantity, costBefore: product.cost, quantity: line.quantity, unitCost: line.unitCost });
    receiptLines.push({
      businessId,
      receiptId: receipt.id,
      purchaseOrderLineId: line.orderLineId,
      productId: product.id,
      quantity: line.quantity,
      unitCost: line.unitCost,
      costBefore: product.cost,
      stockBefore: product.stockQuantity,
      costAfter,
      batchNumber: line.batchNumber,
      expiryDate: line.expiryDate,
    });
    applied.push({ id: product.id, delta: line.quantity, cost: costAfter });
    if (line.orderLineId) receivedOnLines.push({ lineId: line.orderLineId, quantity: line.quantity });
    if (supplierId) lastCosts.push({ businessId, supplierId, productId: product.id, lastCost: line.unitCost });
    changes.push({ product_id: product.id, name: product.name, quantity: line.quantity, unit_cost: line.unitCost, cost_before: product.cost, cost_after: costAfter, stock_before: product.stockQuantity });
  }
  await repo.applyReceipts(tx, businessId, applied);
  await repo.addReceivedMany(tx, businessId, receivedOnLines);
  await repo.upsertLastCosts(tx, lastCosts);
  await repo.insertReceiptLines(tx, receiptLines);
  // Decision 048: a batch-tracked product's units go into the lot the line names.
  const lots = await receiptLots(tx, businessId, planned.map((line) => ({ ...line, name: products.get(line.productId)!.name })), storeId);
  await repo.insertMovements(
    tx,
    planned.map((line, index) => ({
      businessId,
      productId: line.productId,
      quantityDelta: line.quantity,
      reason: 'receipt' as const,
      note: `Goods receipt ${receipt.id}`,
      storeId,
      batchId: lots[index] ?? null,
      ...actorOf(tenant),
    })),
  );
  if (order) {
    const lines = (await repo.linesOf(tx, order.id)).map((row) => row.line);
    await repo.updateOrder(tx, businessId, order.id, { status: statusAfterReceiving(lines) });
  }
  await repo.insertAudits(tx, [
    { businessId, ...actorOf(tenant), action: 'purchase.goods_received', details: { receipt_id: receipt.id, purchase_order_id: order?.id ?? null, supplier_id: supplierId, store_id: storeId, lines: changes } },
  ]);
  return resultOf(tx, businessId, receipt, false);
}

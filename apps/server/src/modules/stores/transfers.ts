import { allocateArrival, allocateSale } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { batchesRepository } from '../batches/batches.repository.ts';
import { businessRepository } from '../business/business.repository.ts';
import { businessToday } from '../purchasing/business-today.ts';
import { stockControlRepository } from '../stock-control/stock-control.repository.ts';
import { assertWorksIn, requireActiveStore, storeNotFound } from './store-errors.ts';
import { storesRepository, type TransferMovement, type TransferRow } from './stores.repository.ts';

/**
 * Transfers between stores (issue 14 item 2, decision 044): draft → sent (stock leaves the
 * sending store: transfer_out movements) → received (stock arrives as counted: transfer_in
 * movements; the difference from what was sent stays on the line) or cancelled (a sent transfer
 * puts its stock back in the sending store). Each step locks the transfer row, so a second step
 * waits and then sees the new status: 409 illegal_transition, or — the same idempotency key — the
 * transfer as the first call left it. A batch-tracked product's lots travel with it (decision 059).
 */
export type TransferStatus = TransferRow['status'];

/** A transfer on the wire (decision 070: snake_case). */
export interface TransferLineView {
  product_id: string;
  name: string;
  sku: string | null;
  quantity: number;
  received_quantity: number | null;
  difference: number | null;
}

export interface TransferView {
  id: string;
  from_store_id: string;
  from_store_name: string;
  to_store_id: string;
  to_store_name: string;
  status: TransferStatus;
  note: string | null;
  created_at: string;
  sent_at: string | null;
  received_at: string | null;
  cancelled_at: string | null;
  lines: TransferLineView[];
}

const actorOf = (tenant: TenantContext) => ({ actorUserId: tenant.userId, actorEmployeeId: tenant.employeeSession?.employeeId ?? null });
const iso = (value: Date | null) => (value ? value.toISOString() : null);
const transferNotFound = () => notFound('transfer_not_found', 'That transfer does not exist');

async function viewsOf(tx: Tx, businessId: string, rows: TransferRow[]): Promise<TransferView[]> {
  const storeNames = new Map((await storesRepository.list(tx, businessId)).map((store) => [store.id, store.name]));
  const lines = await storesRepository.transferLines(tx, businessId, rows.map((row) => row.id));
  return rows.map((row) => ({
    id: row.id,
    from_store_id: row.fromStoreId,
    from_store_name: storeNames.get(row.fromStoreId) ?? '',
    to_store_id: row.toStoreId,
    to_store_name: storeNames.get(row.toStoreId) ?? '',
    status: row.status,
    note: row.note,
    created_at: row.createdAt.toISOString(),
    sent_at: iso(row.sentAt),
    received_at: iso(row.receivedAt),
    cancelled_at: iso(row.cancelledAt),
    lines: lines
      .filter((entry) => entry.line.transferId === row.id)
      .map(({ line, name, sku }) => ({
        product_id: line.productId,
        name,
        sku,
        quantity: line.quantity,
        received_quantity: line.receivedQuantity,
        difference: line.receivedQuantity === null ? null : line.receivedQuantity - line.quantity,
      })),
  }));
}

const viewOf = async (tx: Tx, businessId: string, row: TransferRow) => (await viewsOf(tx, businessId, [row]))[0]!;

export async function listTransfers(
  database: Database,
  businessId: string,
  filters: { storeId?: string | undefined; status?: TransferStatus | undefined },
): Promise<TransferView[]> {
  return database.withTenant(businessId, async (tx) => viewsOf(tx, businessId, await storesRepository.listTransfers(tx, businessId, filters)));
}

export async function getTransfer(database: Database, businessId: string, id: string): Promise<TransferView> {
  return database.withTenant(businessId, async (tx) => {
    const row = await storesRepository.findTransfer(tx, businessId, id);
    if (!row) throw transferNotFound();
    return viewOf(tx, businessId, row);
  });
}

export interface CreateTransferInput {
  fromStoreId: string;
  toStoreId: string;
  note?: string | null | undefined;
  lines: { productId: string; quantity: number }[];
}

export async function createTransfer(database: Database, tenant: TenantContext, input: CreateTransferInput): Promise<TransferView> {
  if (input.fromStoreId === input.toStoreId) throw new AppError(422, 'same_store', 'Choose two different stores');
  const ids = input.lines.map((line) => line.productId);
  if (new Set(ids).size !== ids.length) throw badRequest('duplicate_line', 'Each product may appear once; add up its quantity instead');
  return database.withTenant(tenant.businessId, async (tx) => {
    await requireActiveStore(tx, tenant, input.fromStoreId);
    const to = await storesRepository.findById(tx, tenant.businessId, input.toStoreId);
    if (!to) throw storeNotFound();
    if (!to.isActive) throw new AppError(422, 'store_inactive', `${to.name} is closed; reopen it on the stores page first`);
    const found = await storesRepository.productNames(tx, tenant.businessId, ids);
    const byId = new Map(found.map((product) => [product.id, product]));
    for (const id of ids) {
      const product = byId.get(id);
      if (!product) throw notFound('product_not_found', 'One of the products does not exist');
      if (!product.trackStock) throw new AppError(422, 'stock_not_tracked', `${product.name} does not track stock`);
    }
    const row = await storesRepository.insertTransfer(tx, {
      businessId: tenant.businessId,
      fromStoreId: input.fromStoreId,
      toStoreId: input.toStoreId,
      note: input.note ?? null,
      createdByUserId: tenant.userId,
      createdByEmployeeId: tenant.employeeSession?.employeeId ?? null,
    });
    await storesRepository.insertTransferLines(
      tx,
      input.lines.map((line) => ({ businessId: tenant.businessId, transferId: row.id, productId: line.productId, quantity: line.quantity })),
    );
    return viewOf(tx, tenant.businessId, row);
  });
}

type Line = { productId: string; quantity: number };

/**
 * The transfer_out movements of a send (decision 059): a batch-tracked product leaves in lots,
 * first expiry first out with lots expired before today last (core allocateSale), one movement per
 * lot, so the same lots can arrive; what no lot covers (negative stock allowed) leaves lot-less.
 * Read after the products are locked, so no other writer moves these lots meanwhile.
 */
async function movementsOut(tx: Tx, businessId: string, row: TransferRow, lines: Line[]): Promise<TransferMovement[]> {
  const base = { storeId: row.fromStoreId, reason: 'transfer_out' as const, note: null, transferId: row.id };
  const tracked = await batchesRepository.batchTrackedIds(tx, businessId, lines.map((line) => line.productId));
  if (tracked.size === 0) return lines.map((line) => ({ ...base, productId: line.productId, delta: -line.quantity }));
  const lots = await batchesRepository.lotsForSale(tx, businessId, row.fromStoreId, [...tracked]);
  const today = businessToday(await batchesRepository.timeZone(tx, businessId), new Date());
  return lines.flatMap((line) => {
    if (!tracked.has(line.productId)) return [{ ...base, productId: line.productId, delta: -line.quantity }];
    const own = lots.filter((lot) => lot.productId === line.productId).map((lot) => ({ ...lot, receivedAt: lot.createdAt.toISOString() }));
    const plan = allocateSale(own, [{ quantity: line.quantity }], today);
    const takes = plan.ok ? plan.takes : [];
    const rest = plan.ok ? plan.shortfall : line.quantity;
    return [
      ...takes.map((take) => ({ ...base, productId: line.productId, delta: -take.quantity, batchId: take.batchId })),
      ...(rest > 0 ? [{ ...base, productId: line.productId, delta: -rest }] : []),
    ];
  });
}

/**
 * Where received units go (decision 059): a batch-tracked product's units arrive in the lots they
 * left in (same lot number and expiry, created in the receiving store when it has none; a lot it
 * already has keeps its expiry), at most as many per lot as left it, earliest expiry first (core
 * allocateArrival); the rest arrives lot-less.
 */
async function movementsIn(
  tx: Tx,
  businessId: string,
  row: TransferRow,
  lines: (Line & { note: string | null })[],
  storeId: string,
  sameLots: boolean,
): Promise<TransferMovement[]> {
  const base = { storeId, reason: 'transfer_in' as const, transferId: row.id };
  const tracked = await batchesRepository.batchTrackedIds(tx, businessId, lines.map((line) => line.productId));
  const sent = tracked.size === 0 ? [] : await storesRepository.transferLotsSent(tx, businessId, row.id);
  const movements: TransferMovement[] = [];
  for (const line of lines) {
    const own = tracked.has(line.productId) ? sent.filter((lot) => lot.productId === line.productId).map((lot) => ({ ...lot, id: lot.batchId })) : [];
    const { takes, unassigned } = allocateArrival(own, line.quantity);
    for (const { lot, quantity } of takes) {
      const batchId = sameLots
        ? lot.batchId
        : (await batchesRepository.ensureLot(tx, { businessId, productId: line.productId, storeId, lotNumber: lot.lotNumber, expiryDate: lot.expiryDate })).id;
      movements.push({ ...base, productId: line.productId, delta: quantity, note: line.note, batchId });
    }
    if (unassigned > 0) movements.push({ ...base, productId: line.productId, delta: unassigned, note: line.note });
  }
  return movements;
}

async function lockTransfer(tx: Tx, businessId: string, id: string): Promise<TransferRow> {
  const row = await storesRepository.findTransfer(tx, businessId, id, true);
  if (!row) throw transferNotFound();
  return row;
}

const illegal = (row: TransferRow, action: string) => conflict('illegal_transition', `This transfer is ${row.status}; it cannot be ${action}`);

/** draft → sent: the units leave the sending store (never below zero unless the business allows negative stock). */
export async function sendTransfer(database: Database, tenant: TenantContext, id: string, idempotencyKey: string): Promise<TransferView> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const row = await lockTransfer(tx, tenant.businessId, id);
    if (row.sendKey === idempotencyKey) return viewOf(tx, tenant.businessId, row);
    if (row.status !== 'draft') throw illegal(row, 'sent');
    await requireActiveStore(tx, tenant, row.fromStoreId);
    const lines = (await storesRepository.transferLines(tx, tenant.businessId, [row.id])).map((entry) => entry.line);
    const products = await storesRepository.lockProducts(tx, tenant.businessId, lines.map((line) => line.productId));
    const names = new Map(products.map((product) => [product.id, product.name]));
    const { allowNegativeStock } = await stockControlRepository.settings(tx, tenant.businessId);
    if (!allowNegativeStock) {
      const onHand = await storesRepository.storeQuantities(tx, tenant.businessId, row.fromStoreId, lines.map((line) => line.productId));
      for (const line of lines) {
        const available = onHand.get(line.productId) ?? 0;
        if (available < line.quantity) {
          throw new AppError(409, 'insufficient_stock', `Only ${available} of ${names.get(line.productId) ?? 'a product'} in the sending store`, {
            productId: line.productId,
            available,
          });
        }
      }
    }
    await storesRepository.moveStock(tx, tenant.businessId, actorOf(tenant), await movementsOut(tx, tenant.businessId, row, lines));
    const sent = await storesRepository.updateTransfer(tx, tenant.businessId, id, { status: 'sent', sentAt: new Date(), sendKey: idempotencyKey });
    await businessRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      ...actorOf(tenant),
      action: 'stock_transfer.sent',
      details: { transfer_id: id, lines: lines.map((line) => ({ product_id: line.productId, quantity: line.quantity })) },
    });
    return viewOf(tx, tenant.businessId, sent);
  });
}

/**
 * sent → received: what was counted arrives in the receiving store (lines left out arrive as
 * sent); each line keeps its received quantity, so the difference is on record.
 */
export async function receiveTransfer(
  database: Database,
  tenant: TenantContext,
  id: string,
  input: { idempotencyKey: string; lines?: { productId: string; receivedQuantity: number }[] | undefined },
): Promise<TransferView> {
  const given = input.lines ?? [];
  if (new Set(given.map((line) => line.productId)).size !== given.length) throw badRequest('duplicate_line', 'Each product may appear once');
  return database.withTenant(tenant.businessId, async (tx) => {
    const row = await lockTransfer(tx, tenant.businessId, id);
    if (row.receiveKey === input.idempotencyKey) return viewOf(tx, tenant.businessId, row);
    if (row.status !== 'sent') throw illegal(row, 'received');
    const store = await storesRepository.findById(tx, tenant.businessId, row.toStoreId);
    if (!store) throw storeNotFound();
    await assertWorksIn(tx, tenant, store);
    const lines = (await storesRepository.transferLines(tx, tenant.businessId, [row.id])).map((entry) => entry.line);
    const counted = new Map(given.map((line) => [line.productId, line.receivedQuantity]));
    for (const productId of counted.keys()) {
      if (!lines.some((line) => line.productId === productId)) throw new AppError(422, 'line_not_found', 'A received product is not on this transfer');
    }
    const received = lines.map((line) => ({ productId: line.productId, quantity: counted.get(line.productId) ?? line.quantity, sent: line.quantity }));
    await storesRepository.lockProducts(tx, tenant.businessId, lines.map((line) => line.productId));
    const arriving = received.map((line) => ({ ...line, note: line.quantity === line.sent ? null : `Sent ${line.sent}, received ${line.quantity}` }));
    await storesRepository.moveStock(tx, tenant.businessId, actorOf(tenant), await movementsIn(tx, tenant.businessId, row, arriving, row.toStoreId, false));
    await storesRepository.setReceived(tx, tenant.businessId, id, received);
    const done = await storesRepository.updateTransfer(tx, tenant.businessId, id, { status: 'received', receivedAt: new Date(), receiveKey: input.idempotencyKey });
    const differences = received.filter((line) => line.quantity !== line.sent);
    await businessRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      ...actorOf(tenant),
      action: 'stock_transfer.received',
      details: { transfer_id: id, differences: differences.map((line) => ({ product_id: line.productId, sent: line.sent, received: line.quantity })) },
    });
    return viewOf(tx, tenant.businessId, done);
  });
}

/** draft → cancelled; sent → cancelled puts the units back in the sending store. */
export async function cancelTransfer(database: Database, tenant: TenantContext, id: string): Promise<TransferView> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const row = await lockTransfer(tx, tenant.businessId, id);
    if (row.status !== 'draft' && row.status !== 'sent') throw illegal(row, 'cancelled');
    const from = await storesRepository.findById(tx, tenant.businessId, row.fromStoreId);
    if (from) await assertWorksIn(tx, tenant, from);
    if (row.status === 'sent') {
      const lines = (await storesRepository.transferLines(tx, tenant.businessId, [row.id])).map((entry) => entry.line);
      await storesRepository.lockProducts(tx, tenant.businessId, lines.map((line) => line.productId));
      const back = lines.map((line) => ({ productId: line.productId, quantity: line.quantity, note: 'Transfer cancelled' }));
      // Back into the very lots they left (decision 059).
      await storesRepository.moveStock(tx, tenant.businessId, actorOf(tenant), await movementsIn(tx, tenant.businessId, row, back, row.fromStoreId, true));
    }
    const cancelled = await storesRepository.updateTransfer(tx, tenant.businessId, id, { status: 'cancelled', cancelledAt: new Date() });
    await businessRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      ...actorOf(tenant),
      action: 'stock_transfer.cancelled',
      details: { transfer_id: id, was: row.status },
    });
    return viewOf(tx, tenant.businessId, cancelled);
  });
}

import { createHash } from 'node:crypto';
import { allocateRefund, canOverrideRefundMethod, divideRounded, isRefundMethodOverride, REFUND_METHOD_ORDER, type PaymentMethod } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { refundLoyalty } from '../loyalty/refund-loyalty.ts';
import { businessRepository } from '../business/business.repository.ts';
import { cashSessionRequired } from '../cash-sessions/cash-session-errors.ts';
import { cashSessionsRepository } from '../cash-sessions/cash-sessions.repository.ts';
import { ordersRepository as repo } from './orders.repository.ts';
import { publishChangeAfterCommit } from '../../realtime/publish.ts';
import { planReturnToBatches } from '../batches/return-batches.ts';

export interface RefundOrderInput {
  orderId: string;
  /** Client-generated, one per refund attempt: a retry answers with the first refund. */
  idempotencyKey: string;
  reason: string;
  /** Lines and quantities to refund; without it, everything not yet refunded. */
  lines?: { orderLineId: string; quantity: number; restock: boolean }[] | undefined;
  /** Restock for a whole-order refund. */
  restock?: boolean | undefined;
  /** How the money goes back; by default the way it came in (allocateRefund in packages/core). */
  method?: PaymentMethod | undefined;
}

const proportion = (amount: number, part: number, whole: number) => Number(divideRounded(BigInt(amount) * BigInt(part), BigInt(whole)));

/**
 * Refunds a whole order or chosen lines and quantities. Tax comes back in proportion to the
 * quantity; the last units of a line take whatever is left, so refunding a line in several
 * goes returns exactly what was paid. Restocking is per line; everything is audited.
 */
export async function refundOrder(database: Database, tenant: TenantContext, input: RefundOrderInput): Promise<{ replayed: boolean; refund: RefundResult }> {
  requireAccess(tenant, { employeeFeature: 'refunds' });
  const hash = requestHash(input);
  try {
    return await database.withTenant(tenant.businessId, (tx) => writeRefund(tx, tenant, input, hash));
  } catch (error) {
    // Two first attempts with one key raced (on two orders): the loser answers like a retry.
    if (!isUniqueViolation(error)) throw error;
    const first = await database.withTenant(tenant.businessId, (tx) => replay(tx, tenant, input, hash));
    if (!first) throw error;
    return { replayed: true, refund: first };
  }
}

export interface RefundResult {
  refundId: string;
  net: number;
  tax: number;
  total: number;
  payments: { method: PaymentMethod; amount: number }[];
}

/** Same body, same hash: an idempotency key may be retried only with the request it first came with. */
function requestHash(input: RefundOrderInput): string {
  const { idempotencyKey: _key, ...rest } = input;
  return createHash('sha256').update(JSON.stringify(rest)).digest('base64url');
}

const keyReused = () => new AppError(409, 'idempotency_key_reused', 'This idempotency key was already used for a different refund');

/** The refund an idempotency key first made, or null; a different body under the same key is a 409. */
async function replay(tx: Tx, tenant: TenantContext, input: RefundOrderInput, hash: string): Promise<RefundResult | null> {
  const existing = await repo.findRefundByIdempotencyKey(tx, tenant.businessId, input.idempotencyKey);
  if (!existing) return null;
  if (existing.requestHash !== hash || existing.orderId !== input.orderId) throw keyReused();
  const rank = (method: PaymentMethod) => REFUND_METHOD_ORDER.indexOf(method);
  const paidBack = (await repo.findRefundPayments(tx, existing.id))
    .map((payment) => ({ method: payment.method, amount: -payment.amount }))
    .sort((a, b) => rank(a.method) - rank(b.method));
  return { refundId: existing.id, net: existing.net, tax: existing.tax, total: existing.total, payments: paidBack };
}

async function writeRefund(tx: Tx, tenant: TenantContext, input: RefundOrderInput, hash: string): Promise<{ replayed: boolean; refund: RefundResult }> {
  const order = await repo.findOrder(tx, tenant.businessId, input.orderId, true);
  if (!order) throw notFound('order_not_found', 'No order has this id');
  // Under the order's lock: a retry that waited for the first attempt finds its refund here.
  const first = await replay(tx, tenant, input, hash);
  if (first) return { replayed: true, refund: first };
  if (order.status !== 'paid' && order.status !== 'partially_refunded') {
    throw new AppError(409, 'not_refundable', order.status === 'refunded' ? 'This order is already fully refunded' : 'Only paid orders can be refunded');
  }
  const lines = await repo.findLines(tx, order.id);
  const byId = new Map(lines.map((line) => [line.id, line]));
  const requested =
    input.lines ??
    lines
      .filter((line) => line.quantity > line.refundedQuantity)
      .map((line) => ({ orderLineId: line.id, quantity: line.quantity - line.refundedQuantity, restock: input.restock ?? true }));
  if (requested.length === 0) throw new AppError(409, 'not_refundable', 'Nothing is left to refund on this order');
  const seen = new Set<string>();
  for (const item of requested) {
    const line = byId.get(item.orderLineId);
    if (!line) throw new AppError(422, 'line_not_in_order', 'A refund line is not part of this order', { order_line_id: item.orderLineId });
    if (seen.has(item.orderLineId)) throw new AppError(400, 'validation_error', 'Each order line may appear once in a refund');
    seen.add(item.orderLineId);
    if (item.quantity > line.quantity - line.refundedQuantity) {
      throw new AppError(422, 'refund_exceeds_sold', `Only ${line.quantity - line.refundedQuantity} of ${line.name} can still be refunded`, {
        order_line_id: line.id,
      });
    }
  }

  const refunded = await repo.refundedAmountsByLine(tx, order.id);
  const refundLines = requested.map((item) => {
    const line = byId.get(item.orderLineId)!;
    const already = refunded.get(line.id) ?? { net: 0, tax: 0 };
    const isLast = item.quantity === line.quantity - line.refundedQuantity;
    // Rounded shares of earlier partial refunds may already have taken a little more: never go past what is left.
    const net = isLast ? line.net - already.net : Math.min(proportion(line.net, item.quantity, line.quantity), line.net - already.net);
    const tax = isLast ? line.tax - already.tax : Math.min(proportion(line.tax, item.quantity, line.quantity), line.tax - already.tax);
    return { item, line, net, tax, total: net + tax };
  });
  const net = refundLines.reduce((sum, line) => sum + line.net, 0);
  const tax = refundLines.reduce((sum, line) => sum + line.tax, 0);
  const total = net + tax;

  // Each method gives back at most what it took; another method is a manager's call (decision 016), audited.
  const taken = (await repo.findPayments(tx, order.id)) as { method: PaymentMethod; amount: number }[];
  const asPaid = allocateRefund(taken, total);
  const override = isRefundMethodOverride(taken, total, input.method);
  if (override && !canOverrideRefundMethod(actorRole(tenant))) {
    throw new AppError(403, 'refund_method_forbidden', 'Refunds go back the way the customer paid; a manager can pay them back another way');
  }
  // Decision 064: a gift card or points take back only what they paid, never another method's money.
  if (override && (input.method === 'gift_card' || input.method === 'points')) {
    throw new AppError(422, 'refund_method_unavailable', 'Only what a gift card or points paid can go back onto them');
  }
  const paidBack = input.method ? [{ method: input.method, amount: total }] : asPaid;
  // Issue 12: a refund counts in the drawer session open where it is made (the sale's may be
  // closed); on a register with cash_management it needs one open, as a sale does.
  const drawerSession = tenant.registerId ? await cashSessionsRepository.findOpenSession(tx, tenant.businessId, tenant.registerId, 'share') : null;
  if (!drawerSession && tenant.registerId && tenant.features.cash_management) throw cashSessionRequired();

  const employeeId = tenant.employeeSession?.employeeId ?? null;
  const refund = await repo.insertRefund(tx, {
    cashSessionId: drawerSession?.id ?? null,
    businessId: tenant.businessId,
    orderId: order.id,
    reason: input.reason,
    net,
    tax,
    total,
    employeeId,
    actorUserId: tenant.userId,
    idempotencyKey: input.idempotencyKey,
    requestHash: hash,
  });
  await repo.insertRefundLines(
    tx,
    refundLines.map(({ item, net: lineNet, tax: lineTax, total: lineTotal }) => ({
      refundId: refund.id,
      orderLineId: item.orderLineId,
      businessId: tenant.businessId,
      quantity: item.quantity,
      net: lineNet,
      tax: lineTax,
      total: lineTotal,
      restock: item.restock,
    })),
  );
  for (const { item, line } of refundLines) {
    await repo.addRefundedQuantity(tx, line.id, item.quantity);
    if (item.restock && line.productId && (await repo.restock(tx, tenant.businessId, line.productId, item.quantity))) {
      // Decision 048: back into the lots the sale took them from.
      for (const back of await planReturnToBatches(tx, tenant.businessId, order.id, line.productId, item.quantity)) {
        await repo.insertStockMovement(tx, {
          businessId: tenant.businessId,
          productId: line.productId,
          quantityDelta: back.quantity,
          reason: 'refund',
          orderId: order.id,
          actorUserId: tenant.userId,
          actorEmployeeId: employeeId,
          note: input.reason,
          batchId: back.batchId,
        });
      }
    }
  }
  for (const share of paidBack) {
    await repo.insertPayment(tx, {
      businessId: tenant.businessId,
      orderId: order.id,
      method: share.method,
      amount: -share.amount,
      refundId: refund.id,
      cashSessionId: drawerSession?.id ?? null,
    });
  }
  const methods = paidBack.map((share) => share.method);
  // Decision 064: cards sold are cancelled, cards and points that paid are credited, earned points taken back.
  await refundLoyalty(tx, tenant.businessId, {
    orderId: order.id,
    refundId: refund.id,
    customerId: order.customerId,
    orderTotal: order.total,
    refundedTotal: order.refundedTotal + total,
    paidBack,
    lines: refundLines.map(({ item, total: lineTotal }) => ({ orderLineId: item.orderLineId, total: lineTotal })),
    createdAt: refund.createdAt,
  });

  const fullyRefunded = lines.every((line) => line.quantity === line.refundedQuantity + (requested.find((r) => r.orderLineId === line.id)?.quantity ?? 0));
  await repo.updateOrder(tx, tenant.businessId, order.id, {
    refundedTotal: order.refundedTotal + total,
    status: fullyRefunded ? 'refunded' : 'partially_refunded',
  });
  publishChangeAfterCommit(tx, tenant.businessId, 'orders', 'UPDATE', order.id);
  const actor = { actorUserId: tenant.userId, actorEmployeeId: employeeId };
  await repo.insertEvent(tx, {
    businessId: tenant.businessId,
    orderId: order.id,
    type: 'refunded',
    ...actor,
    actorName: tenant.employeeSession?.employeeName ?? 'Business owner',
    details: { refund_id: refund.id, total, reason: input.reason, methods },
  });
  await businessRepository.insertAudit(tx, {
    businessId: tenant.businessId,
    ...actor,
    action: 'order.refunded',
    details: {
      order_id: order.id,
      refund_id: refund.id,
      total,
      tax,
      reason: input.reason,
      paid_back: paidBack,
      lines: refundLines.map(({ item }) => item),
    },
  });
  if (override) {
    await businessRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      ...actor,
      action: 'order.refund_method_overridden',
      details: { order_id: order.id, refund_id: refund.id, total, as_paid: asPaid, paid_back: paidBack },
    });
  }
  return { replayed: false, refund: { refundId: refund.id, net, tax, total, payments: paidBack } };
}

const actorRole = (tenant: TenantContext) => (tenant.actor.kind === 'owner' ? 'business_owner' : tenant.actor.role);

import { allocateRefund, divideRounded, type PaymentMethod } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessRepository } from '../business/business.repository.ts';
import { ordersRepository as repo } from './orders.repository.ts';
import { publishChangeAfterCommit } from '../../realtime/publish.ts';

export interface RefundOrderInput {
  orderId: string;
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
export async function refundOrder(database: Database, tenant: TenantContext, input: RefundOrderInput) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const order = await repo.findOrder(tx, tenant.businessId, input.orderId, true);
    if (!order) throw notFound('order_not_found', 'No order has this id');
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
      if (!line) throw new AppError(422, 'line_not_in_order', 'A refund line is not part of this order', { orderLineId: item.orderLineId });
      if (seen.has(item.orderLineId)) throw new AppError(400, 'validation_error', 'Each order line may appear once in a refund');
      seen.add(item.orderLineId);
      if (item.quantity > line.quantity - line.refundedQuantity) {
        throw new AppError(422, 'refund_exceeds_sold', `Only ${line.quantity - line.refundedQuantity} of ${line.name} can still be refunded`, {
          orderLineId: line.id,
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

    const employeeId = tenant.employeeSession?.employeeId ?? null;
    const refund = await repo.insertRefund(tx, {
      businessId: tenant.businessId,
      orderId: order.id,
      reason: input.reason,
      net,
      tax,
      total,
      employeeId,
      actorUserId: tenant.userId,
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
        await repo.insertStockMovement(tx, {
          businessId: tenant.businessId,
          productId: line.productId,
          quantityDelta: item.quantity,
          reason: 'refund',
          orderId: order.id,
          actorUserId: tenant.userId,
          actorEmployeeId: employeeId,
          note: input.reason,
        });
      }
    }
    // An operator's choice of method stands (audited); otherwise each method gives back at most what it took.
    const paidBack = input.method
      ? [{ method: input.method, amount: total }]
      : allocateRefund((await repo.findPayments(tx, order.id)) as { method: PaymentMethod; amount: number }[], total);
    for (const share of paidBack) {
      await repo.insertPayment(tx, { businessId: tenant.businessId, orderId: order.id, method: share.method, amount: -share.amount, refundId: refund.id });
    }
    const methods = paidBack.map((share) => share.method);

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
    return { refundId: refund.id, net, tax, total, payments: paidBack };
  });
}

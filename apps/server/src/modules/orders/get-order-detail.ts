import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { toOrderView } from './order-view.ts';
import { saleLoyaltySummary } from '../loyalty/customer-loyalty.ts';
import { ordersRepository as repo } from './orders.repository.ts';

/** An order with its lines, payments, refunds and history, and what a receipt needs of the business. */
export async function getOrderDetail(database: Database, businessId: string, orderId: string) {
  return database.withTenant(businessId, async (tx) => {
    const order = await repo.findOrder(tx, businessId, orderId);
    if (!order) throw notFound('order_not_found', 'No order has this id');
    // One after another: a transaction is one connection, which runs one query at a time anyway
    // (node-postgres deprecates queuing a second query on a busy client).
    const lines = await repo.findLines(tx, order.id);
    const orderPayments = await repo.findPayments(tx, order.id);
    const events = await repo.findEvents(tx, order.id);
    const orderRefunds = await repo.findRefunds(tx, order.id);
    const business = await repo.findBusiness(tx, businessId);
    const customer = order.customerId ? await repo.findCustomer(tx, order.customerId) : null;
    // Decision 066: the points the sale earned and redeemed, printed on its receipt.
    const loyalty = order.customerId ? await saleLoyaltySummary(tx, businessId, order.id) : null;
    return {
      ...toOrderView(order, lines, orderPayments),
      events: events.map((event) => ({
        id: event.id,
        type: event.type,
        actor_name: event.actorName,
        details: event.details,
        created_at: event.createdAt.toISOString(),
      })),
      refunds: orderRefunds.map((refund) => ({
        id: refund.id,
        reason: refund.reason,
        net: refund.net,
        tax: refund.tax,
        total: refund.total,
        created_at: refund.createdAt.toISOString(),
        lines: refund.lines.map((line) => ({
          order_line_id: line.orderLineId,
          quantity: line.quantity,
          net: line.net,
          tax: line.tax,
          total: line.total,
          restock: line.restock,
        })),
      })),
      customer,
      loyalty,
      business: business
        ? { name: business.name, currency: business.currency, time_zone: business.timeZone, receipt_header: business.receiptHeader, receipt_footer: business.receiptFooter }
        : null,
    };
  });
}

export type OrderDetail = Awaited<ReturnType<typeof getOrderDetail>>;

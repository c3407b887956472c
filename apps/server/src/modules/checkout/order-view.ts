import type { orderLines, orders, payments } from '../../db/schema/index.ts';

/** An order as the API returns it: the receipt's content. */
export function toOrderView(
  order: typeof orders.$inferSelect,
  lines: (typeof orderLines.$inferSelect)[],
  orderPayments: (typeof payments.$inferSelect)[],
) {
  return {
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      currency: order.currency,
      pricesIncludeTax: order.pricesIncludeTax,
      customerId: order.customerId,
      employeeId: order.employeeId,
      subtotal: order.subtotal,
      discountTotal: order.discountTotal,
      taxTotal: order.taxTotal,
      total: order.total,
      paidTotal: order.paidTotal,
      refundedTotal: order.refundedTotal,
      note: order.note,
      createdAt: order.createdAt.toISOString(),
      paidAt: order.paidAt?.toISOString() ?? null,
    },
    lines: lines.map((line) => ({
      id: line.id,
      productId: line.productId,
      name: line.name,
      sku: line.sku,
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      taxRateBasisPoints: line.taxRateBasisPoints,
      lineDiscountAmount: line.lineDiscountAmount,
      orderDiscountShare: line.orderDiscountShare,
      net: line.net,
      tax: line.tax,
      total: line.total,
      refundedQuantity: line.refundedQuantity,
      note: line.note,
    })),
    payments: orderPayments.map((payment) => ({
      id: payment.id,
      method: payment.method,
      amount: payment.amount,
      tendered: payment.tendered,
      change: payment.change,
      reference: payment.reference,
      refundId: payment.refundId,
    })),
    change: orderPayments.reduce((sum, payment) => sum + (payment.change ?? 0), 0),
  };
}

export type OrderView = ReturnType<typeof toOrderView>;

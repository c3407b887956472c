import { z } from '@hono/zod-openapi';
import { chosenModifierToWire, chosenModifierView, ORDER_STATUSES } from '@till/core';
import type { orderLines, orders, payments } from '../../db/schema/index.ts';
import { nullableRef } from '../../lib/openapi.ts';

const moneySchema = z.number().int();
/** The OpenAPI shape of what toOrderView returns; the checkout and orders routes both answer with it. */
export const orderViewSchema = z
  .object({
    order: z.object({
      id: z.uuid(),
      number: z.number().int().nullable(),
      status: z.enum(ORDER_STATUSES),
      currency: z.string(),
      prices_include_tax: z.boolean(),
      customer_id: z.uuid().nullable(),
      employee_id: z.uuid().nullable(),
      subtotal: moneySchema,
      discount_total: moneySchema,
      tax_total: moneySchema,
      total: moneySchema,
      paid_total: moneySchema,
      refunded_total: moneySchema,
      note: z.string().nullable(),
      created_at: z.string(),
      paid_at: z.string().nullable(),
    }),
    lines: z.array(
      z.object({
        id: z.uuid(),
        product_id: z.uuid().nullable(),
        name: z.string(),
        sku: z.string().nullable(),
        unit_price: moneySchema,
        quantity: z.number().int(),
        tax_rate_basis_points: z.number().int(),
        line_discount_amount: moneySchema,
        order_discount_share: moneySchema,
        net: moneySchema,
        tax: moneySchema,
        total: moneySchema,
        refunded_quantity: z.number().int(),
        note: z.string().nullable(),
        /** The modifiers chosen, as sold (decision 035); unit_price includes their deltas. */
        modifiers: z.array(chosenModifierView),
        /** The promotion the line took (decision 050); its amount is part of line_discount_amount. */
        promotion: z.object({ id: z.uuid(), name: z.string(), amount: moneySchema }).nullable(),
        /** The lot the cashier chose for the line (decision 069); null: first-expiry-first-out. */
        lot_number: z.string().nullable(),
      }),
    ),
    payments: z.array(
      z.object({
        id: z.uuid(),
        method: z.string(),
        amount: moneySchema,
        tendered: nullableRef(moneySchema),
        change: nullableRef(moneySchema),
        reference: z.string().nullable(),
        refund_id: z.uuid().nullable(),
      }),
    ),
    change: moneySchema,
  })
  .openapi('OrderView');

/** An order as the API returns it: the receipt's content. */
export function toOrderView(
  order: Omit<typeof orders.$inferSelect, 'importId' | 'externalRef'>,
  /** With the chosen lot's number where the line names one (the repositories join it). */
  lines: (typeof orderLines.$inferSelect & { lotNumber?: string | null })[],
  orderPayments: (typeof payments.$inferSelect)[],
) {
  return {
    order: {
      id: order.id,
      number: order.number,
      status: order.status,
      currency: order.currency,
      prices_include_tax: order.pricesIncludeTax,
      customer_id: order.customerId,
      employee_id: order.employeeId,
      subtotal: order.subtotal,
      discount_total: order.discountTotal,
      tax_total: order.taxTotal,
      total: order.total,
      paid_total: order.paidTotal,
      refunded_total: order.refundedTotal,
      note: order.note,
      created_at: order.createdAt.toISOString(),
      paid_at: order.paidAt?.toISOString() ?? null,
    },
    lines: lines.map((line) => ({
      id: line.id,
      product_id: line.productId,
      name: line.name,
      sku: line.sku,
      unit_price: line.unitPrice,
      quantity: line.quantity,
      tax_rate_basis_points: line.taxRateBasisPoints,
      line_discount_amount: line.lineDiscountAmount,
      order_discount_share: line.orderDiscountShare,
      net: line.net,
      tax: line.tax,
      total: line.total,
      refunded_quantity: line.refundedQuantity,
      note: line.note,
      modifiers: (line.modifiers ?? []).map(chosenModifierToWire),
      promotion: line.promotion ?? null,
      lot_number: line.lotNumber ?? null,
    })),
    payments: orderPayments.map((payment) => ({
      id: payment.id,
      method: payment.method,
      amount: payment.amount,
      tendered: payment.tendered,
      change: payment.change,
      reference: payment.reference,
      refund_id: payment.refundId,
    })),
    change: orderPayments.reduce((sum, payment) => sum + (payment.change ?? 0), 0),
  };
}

export type OrderView = ReturnType<typeof toOrderView>;

import { z } from '@hono/zod-openapi';
import { chosenModifierView, ORDER_STATUSES } from '@till/core';
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
      pricesIncludeTax: z.boolean(),
      customerId: z.uuid().nullable(),
      employeeId: z.uuid().nullable(),
      subtotal: moneySchema,
      discountTotal: moneySchema,
      taxTotal: moneySchema,
      total: moneySchema,
      paidTotal: moneySchema,
      refundedTotal: moneySchema,
      note: z.string().nullable(),
      createdAt: z.string(),
      paidAt: z.string().nullable(),
    }),
    lines: z.array(
      z.object({
        id: z.uuid(),
        productId: z.uuid().nullable(),
        name: z.string(),
        sku: z.string().nullable(),
        unitPrice: moneySchema,
        quantity: z.number().int(),
        taxRateBasisPoints: z.number().int(),
        lineDiscountAmount: moneySchema,
        orderDiscountShare: moneySchema,
        net: moneySchema,
        tax: moneySchema,
        total: moneySchema,
        refundedQuantity: z.number().int(),
        note: z.string().nullable(),
        /** The modifiers chosen, as sold (decision 035); unitPrice includes their deltas. */
        modifiers: z.array(chosenModifierView),
        /** The promotion the line took (decision 050); its amount is part of lineDiscountAmount. */
        promotion: z.object({ id: z.uuid(), name: z.string(), amount: moneySchema }).nullable(),
        /** The lot the cashier chose for the line (decision 069); null: first-expiry-first-out. */
        lotNumber: z.string().nullable(),
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
        refundId: z.uuid().nullable(),
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
      modifiers: line.modifiers ?? [],
      promotion: line.promotion ?? null,
      lotNumber: line.lotNumber ?? null,
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

import { OpenAPIHono, z } from '@hono/zod-openapi';
import { placeOrderInput } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { placeOrder } from './place-order.ts';

const moneySchema = z.number().int();
export const orderViewSchema = z
  .object({
    order: z.object({
      id: z.uuid(),
      number: z.number().int().nullable(),
      status: z.string(),
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
      }),
    ),
    payments: z.array(
      z.object({
        id: z.uuid(),
        method: z.string(),
        amount: moneySchema,
        tendered: moneySchema.nullable(),
        change: moneySchema.nullable(),
        reference: z.string().nullable(),
        refundId: z.uuid().nullable(),
      }),
    ),
    change: moneySchema,
  })
  .openapi('OrderView');

const placeOrderRoute = defineRoute({
  method: 'post',
  path: '/api/checkout',
  access: business({ feature: 'pos_system', employeeFeature: 'pos' }),
  tags: ['checkout'],
  summary: 'Pay for a cart: one transaction writes the order, lines, payments and stock movements',
  description:
    'Send a client-generated UUID idempotencyKey: a retry returns the first result (200); the same key with a different body is a 409. ' +
    'Totals are recomputed on the server; expectedTotal must match (422 total_mismatch). Tracked stock never goes below zero unless the business allows it (409 insufficient_stock).',
  request: { body: jsonBody(placeOrderInput) },
  responses: {
    201: jsonResponse(orderViewSchema, 'Paid'),
    200: jsonResponse(orderViewSchema, 'A retry: the sale the key first made'),
    ...errorResponses(400, 403, 409, 422),
  },
});

export const checkoutRoutes = new OpenAPIHono<AppEnv>().openapi(placeOrderRoute, async (c) => {
  const result = await placeOrder(c.var.services.database, c.var.tenant, c.req.valid('json'));
  return c.json(result.view, result.replayed ? 200 : 201);
});

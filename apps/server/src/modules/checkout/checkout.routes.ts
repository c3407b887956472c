import { OpenAPIHono } from '@hono/zod-openapi';
import { placeOrderWithLotsInput } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { orderViewSchema } from './order-view.ts';
import { placeOrder } from './place-order.ts';

const placeOrderRoute = defineRoute({
  method: 'post',
  path: '/api/checkout',
  access: business({ feature: 'pos_system', employeeFeature: 'pos' }),
  tags: ['checkout'],
  summary: 'Pay for a cart: one transaction writes the order, lines, payments and stock movements',
  description:
    'Send a client-generated UUID idempotencyKey: a retry returns the first result (200); the same key with a different body is a 409. ' +
    'Totals are recomputed on the server; expectedTotal must match (422 total_mismatch). Tracked stock never goes below zero unless the business allows it (409 insufficient_stock). ' +
    'Batch-tracked products are taken from the lot that expires first in the till’s store; a line’s lotNumber names the lot instead (422 batch_not_found, 409 insufficient_stock).',
  request: { body: jsonBody(placeOrderWithLotsInput) },
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

import { OpenAPIHono, z } from '@hono/zod-openapi';
import { isoInstantInput, parkOrderFromWire, parkOrderWithLotsInput, placeOrderFromWire, placeOrderWithLotsInput, PAYMENT_METHODS, ORDER_STATUSES } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { getOrderDetail } from './get-order-detail.ts';
import { listOrders } from './list-orders.ts';
import { orderViewSchema } from './order-view.ts';
import { parkOrder } from './park-order.ts';
import { placeOrder } from './place-order.ts';
import { refundOrder } from './refund-order.ts';
import { voidOrder } from './void-order.ts';

const placeOrderRoute = defineRoute({
  method: 'post',
  path: '/api/checkout',
  access: business({ feature: 'pos_system', employeeFeature: 'pos' }),
  tags: ['checkout'],
  summary: 'Pay for a cart: one transaction writes the order, lines, payments and stock movements',
  description:
    'Send a client-generated UUID idempotency_key: a retry returns the first result (200); the same key with a different body is a 409. ' +
    'Totals are recomputed on the server; expected_total must match (422 total_mismatch). Tracked stock never goes below zero unless the business allows it (409 insufficient_stock). ' +
    'Batch-tracked products are taken from the lot that expires first in the till’s store; a line’s lot_number names the lot instead (422 batch_not_found, 409 insufficient_stock).',
  request: { body: jsonBody(placeOrderWithLotsInput) },
  responses: {
    201: jsonResponse(orderViewSchema, 'Paid'),
    200: jsonResponse(orderViewSchema, 'A retry: the sale the key first made'),
    ...errorResponses(400, 403, 404, 409, 422),
  },
});

const idParam = z.strictObject({ id: z.uuid('Order ids are UUIDs') });

const listRoute = defineRoute({
  method: 'get',
  path: '/api/orders',
  access: business({}),
  tags: ['orders'],
  summary: 'Orders, newest first, with filters and keyset paging',
  request: {
    query: z.strictObject({
      from: isoInstantInput().optional(),
      to: isoInstantInput().optional(),
      status: z.enum(ORDER_STATUSES).optional(),
      employee_id: z.uuid().optional(),
      customer_id: z.uuid().optional(),
      /** One store's orders (decision 049). */
      store_id: z.uuid().optional(),
      method: z.enum(PAYMENT_METHODS).optional(),
      number: z.coerce.number().int().min(1).max(2_147_483_647).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      cursor: z.string().max(200).optional(),
    }),
  },
  responses: {
    200: jsonResponse(
      z.object({
        orders: z.array(
          z.object({
            id: z.uuid(),
            number: z.number().int().nullable(),
            status: z.enum(ORDER_STATUSES),
            total: z.number().int(),
            refunded_total: z.number().int(),
            currency: z.string(),
            created_at: z.string(),
            paid_at: z.string().nullable(),
            employee_id: z.uuid().nullable(),
            customer_id: z.uuid().nullable(),
            customer_name: z.string().nullable(),
            store_id: z.uuid().nullable(),
            /** Who sold it on a PIN session; null when the owner's account did. */
            employee_name: z.string().nullable(),
            item_count: z.number().int(),
            methods: z.array(z.string()),
          }),
        ),
        next_cursor: z.string().nullable(),
      }),
      'A page of orders',
    ),
    ...errorResponses(400, 403),
  },
});

const detailRoute = defineRoute({
  method: 'get',
  path: '/api/orders/{id}',
  access: business({}),
  tags: ['orders'],
  summary: 'An order with lines, payments, refunds and its history (who did what, when)',
  request: { params: idParam },
  responses: {
    200: jsonResponse(
      orderViewSchema.extend({
        events: z.array(z.object({ id: z.uuid(), type: z.string(), actor_name: z.string().nullable(), details: z.record(z.string(), z.unknown()), created_at: z.string() })),
        refunds: z.array(
          z.object({
            id: z.uuid(),
            reason: z.string(),
            net: z.number().int(),
            tax: z.number().int(),
            total: z.number().int(),
            created_at: z.string(),
            lines: z.array(z.object({ order_line_id: z.uuid(), quantity: z.number().int(), net: z.number().int(), tax: z.number().int(), total: z.number().int(), restock: z.boolean() })),
          }),
        ),
        customer: z.object({ id: z.uuid(), name: z.string(), email: z.string().nullable() }).nullable(),
        /** The points the sale earned and redeemed, and the balance right after it (decision 066); null when it moved none. */
        loyalty: z.object({ earned: z.number().int(), redeemed: z.number().int(), balance: z.number().int() }).nullable(),
        business: z.object({ name: z.string(), currency: z.string(), time_zone: z.string(), receipt_header: z.string().nullable(), receipt_footer: z.string().nullable() }).nullable(),
      }),
      'The order',
    ),
    ...errorResponses(400, 403, 404),
  },
});

const parkRoute = defineRoute({
  method: 'post',
  path: '/api/orders/park',
  access: business({ feature: 'pos_system', employeeFeature: 'pos' }),
  tags: ['orders'],
  summary: 'Park a cart to resume it later (no number, no stock taken until paid); a line’s lot_number is kept and comes back on the order’s lines',
  request: { body: jsonBody(parkOrderWithLotsInput) },
  responses: { 201: jsonResponse(z.object({ id: z.uuid(), total: z.number().int() }), 'Parked'), ...errorResponses(400, 403, 422) },
});

const voidRoute = defineRoute({
  method: 'post',
  path: '/api/orders/{id}/void',
  access: business({ feature: 'pos_system', employeeFeature: 'pos' }),
  tags: ['orders'],
  summary: 'Void a parked (unpaid) sale, with a reason; audited',
  request: { params: idParam, body: jsonBody(z.strictObject({ reason: z.string().trim().min(1).max(500) })) },
  responses: { 200: jsonResponse(z.object({ ok: z.literal(true) }), 'Voided'), ...errorResponses(400, 403, 404, 409) },
});

const refundResultSchema = z.object({
  refund_id: z.uuid(),
  net: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  /** How the money went back: one method, or the way it came in, each method up to what it took. */
  payments: z.array(z.object({ method: z.enum(PAYMENT_METHODS), amount: z.number().int() })),
});

const refundRoute = defineRoute({
  method: 'post',
  path: '/api/orders/{id}/refunds',
  access: business({ employeeFeature: 'refunds' }),
  tags: ['orders'],
  summary: 'Refund the whole order (no lines) or chosen lines and quantities; tax in proportion; optional restock per line',
  description:
    'Send a client-generated UUID idempotency_key: a retry returns the first refund (200); the same key with a different body is a 409. ' +
    'Without method the money goes back the way it came in; another method needs a manager, admin or the owner (403 refund_method_forbidden) and is audited.',
  request: {
    params: idParam,
    body: jsonBody(
      z.strictObject({
        idempotency_key: z.uuid('idempotency_key is a client-generated UUID'),
        reason: z.string().trim().min(1).max(500),
        lines: z
          .array(z.strictObject({ order_line_id: z.uuid(), quantity: z.number().int().min(1), restock: z.boolean().default(true) }))
          .min(1)
          .max(500)
          .optional(),
        restock: z.boolean().optional(),
        method: z.enum(PAYMENT_METHODS).optional(),
      }),
    ),
  },
  responses: {
    200: jsonResponse(refundResultSchema, 'A retry with the same idempotency key: the first refund'),
    201: jsonResponse(refundResultSchema, 'Refunded'),
    ...errorResponses(400, 403, 404, 409, 422),
  },
});

export const ordersRoutes = new OpenAPIHono<AppEnv>()
  .openapi(placeOrderRoute, async (c) => {
    const result = await placeOrder(c.var.services.database, c.var.tenant, placeOrderFromWire(c.req.valid('json')));
    return c.json(result.view, result.replayed ? 200 : 201);
  })
  .openapi(listRoute, async (c) => {
    const { employee_id: employeeId, customer_id: customerId, store_id: storeId, ...query } = c.req.valid('query');
    const result = await listOrders(c.var.services.database, c.var.tenant.businessId, {
      ...query,
      employeeId,
      customerId,
      storeId,
      from: query.from ? new Date(query.from) : undefined,
      to: query.to ? new Date(query.to) : undefined,
    });
    return c.json(result, 200);
  })
  .openapi(parkRoute, async (c) => c.json(await parkOrder(c.var.services.database, c.var.tenant, parkOrderFromWire(c.req.valid('json'))), 201))
  .openapi(detailRoute, async (c) =>
    c.json(await getOrderDetail(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id), 200),
  )
  .openapi(voidRoute, async (c) => {
    await voidOrder(c.var.services.database, c.var.tenant, { orderId: c.req.valid('param').id, reason: c.req.valid('json').reason });
    return c.json({ ok: true as const }, 200);
  })
  .openapi(refundRoute, async (c) => {
    const body = c.req.valid('json');
    // Field by field, in the order the request hash has always seen (a retry from before decision 070 still matches).
    const result = await refundOrder(c.var.services.database, c.var.tenant, {
      orderId: c.req.valid('param').id,
      idempotencyKey: body.idempotency_key,
      reason: body.reason,
      lines: body.lines?.map((line) => ({ orderLineId: line.order_line_id, quantity: line.quantity, restock: line.restock })),
      restock: body.restock,
      method: body.method,
    });
    const { refundId, net, tax, total, payments } = result.refund;
    const refund = { refund_id: refundId, net, tax, total, payments };
    return result.replayed ? c.json(refund, 200) : c.json(refund, 201);
  });

import { OpenAPIHono, z } from '@hono/zod-openapi';
import { singleLine } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { assignEmployeeStores, getEmployeeStores, moveRegister } from './assignments.ts';
import { getCurrentStore } from './current-store.ts';
import { getProductStoreStock, getStoreQuantities } from './store-stock.ts';
import { createStore, listStores, updateStore } from './stores.ts';
import { cancelTransfer, createTransfer, getTransfer, listTransfers, receiveTransfer, sendTransfer } from './transfers.ts';

/**
 * Stores and transfers (issue 14 items 1–2, decision 044). SPEC §2 gates /stores on multi_store.
 * Opening, changing and closing stores, moving tills and assigning employees are settings
 * (SPEC §6 can_change_settings / employees page); stock per store and transfers are inventory
 * (SPEC §6 can_manage_inventory).
 */
const settings = business({ feature: 'multi_store', page: 'settings' });
const inventory = business({ feature: 'multi_store', employeeFeature: 'inventory' });
const employees = business({ feature: 'multi_store', page: 'employees', adminPermission: 'can_add_employees' });

const storeSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    address: z.string().nullable(),
    phone: z.string().nullable(),
    time_zone: z.string().nullable(),
    is_default: z.boolean(),
    is_active: z.boolean(),
    register_count: z.number().int(),
  })
  .openapi('Store');

const transferSchema = z
  .object({
    id: z.uuid(),
    from_store_id: z.uuid(),
    from_store_name: z.string(),
    to_store_id: z.uuid(),
    to_store_name: z.string(),
    status: z.enum(['draft', 'sent', 'received', 'cancelled']),
    note: z.string().nullable(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
    received_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    lines: z.array(
      z.object({
        product_id: z.uuid(),
        name: z.string(),
        sku: z.string().nullable(),
        quantity: z.number().int(),
        received_quantity: z.number().int().nullable(),
        difference: z.number().int().nullable(),
      }),
    ),
  })
  .openapi('StockTransfer');

const isTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};
const name = singleLine(z.string().trim().min(1, 'Name the store').max(100));
const optionalText = (max: number) => singleLine(z.string().trim().max(max)).nullable().optional().transform((value) => (value === '' ? null : value));
const timeZone = z.string().trim().max(64).refine(isTimeZone, 'Choose a time zone such as Europe/London').nullable().optional();
const idParams = z.object({ id: z.uuid() });
const units = z.number().int().min(1).max(1_000_000);
const idempotencyKey = z.uuid('idempotency_key is a client-generated UUID');

const listRoute = defineRoute({
  method: 'get',
  path: '/api/stores',
  access: business({ feature: 'multi_store' }),
  tags: ['stores'],
  summary: 'The stores of the business, the main (default) store first, with how many tills each has',
  responses: { 200: jsonResponse(z.object({ stores: z.array(storeSchema) }), 'Stores'), ...errorResponses(400, 401, 403) },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/stores',
  access: settings,
  tags: ['stores'],
  summary: "Open a store (403 plan_limit_reached past the plan's store limit)",
  request: { body: jsonBody(z.strictObject({ name, address: optionalText(300), phone: optionalText(40), time_zone: timeZone })) },
  responses: { 201: jsonResponse(z.object({ store: storeSchema }), 'Created'), ...errorResponses(400, 401, 403, 409) },
});

const updateRoute = defineRoute({
  method: 'patch',
  path: '/api/stores/{id}',
  access: settings,
  tags: ['stores'],
  summary: 'Change a store, close it (is_active false; not the main store, not with tills) or reopen it',
  request: {
    params: idParams,
    body: jsonBody(
      z
        .strictObject({ name: name.optional(), address: optionalText(300), phone: optionalText(40), time_zone: timeZone, is_active: z.boolean().optional() })
        .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change'),
    ),
  },
  responses: { 200: jsonResponse(z.object({ store: storeSchema }), 'Changed'), ...errorResponses(400, 401, 403, 404, 409) },
});

const currentRoute = defineRoute({
  method: 'get',
  path: '/api/stores/current',
  access: business({ feature: 'multi_store' }),
  tags: ['stores'],
  summary: "The store the stock screens start on and stock writes without a store_id move (decision 059): the paired till's, else the employee's only store, else the main store",
  responses: {
    200: jsonResponse(z.object({ store_id: z.uuid(), name: z.string(), source: z.enum(['till', 'employee', 'main']) }), 'The current store'),
    ...errorResponses(400, 401, 403, 404),
  },
});

const storeStockRoute = defineRoute({
  method: 'get',
  path: '/api/stores/{id}/stock',
  access: inventory,
  tags: ['stores'],
  summary: 'Stock of the given products (comma-separated ids, at most 200) in one store',
  request: {
    params: idParams,
    query: z.strictObject({
      product_ids: z
        .string()
        .max(200 * 37)
        .transform((value) => value.split(',').filter(Boolean))
        .pipe(z.array(z.uuid()).max(200)),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ stock: z.array(z.object({ product_id: z.uuid(), quantity: z.number().int() })) }), 'Stock'),
    ...errorResponses(400, 401, 403, 404),
  },
});

const productStockRoute = defineRoute({
  method: 'get',
  path: '/api/products/{id}/store-stock',
  access: inventory,
  tags: ['stores'],
  summary: "A product's stock in each store and the units on their way to each (sent, not received)",
  request: { params: idParams },
  responses: {
    200: jsonResponse(
      z.object({
        stores: z.array(
          z.object({ store_id: z.uuid(), name: z.string(), is_default: z.boolean(), is_active: z.boolean(), quantity: z.number().int(), shelf: z.string().nullable(), in_transit: z.number().int() }),
        ),
      }),
      'Stock per store',
    ),
    ...errorResponses(400, 401, 403, 404),
  },
});

const listTransfersRoute = defineRoute({
  method: 'get',
  path: '/api/stock-transfers',
  access: inventory,
  tags: ['stores'],
  summary: 'Transfers between stores, newest first (at most 200), optionally of one store or status',
  request: { query: z.strictObject({ store_id: z.uuid().optional(), status: z.enum(['draft', 'sent', 'received', 'cancelled']).optional() }) },
  responses: { 200: jsonResponse(z.object({ transfers: z.array(transferSchema) }), 'Transfers'), ...errorResponses(400, 401, 403) },
});

const getTransferRoute = defineRoute({
  method: 'get',
  path: '/api/stock-transfers/{id}',
  access: inventory,
  tags: ['stores'],
  summary: 'One transfer with its lines',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ transfer: transferSchema }), 'Transfer'), ...errorResponses(400, 401, 403, 404) },
});

const createTransferRoute = defineRoute({
  method: 'post',
  path: '/api/stock-transfers',
  access: inventory,
  tags: ['stores'],
  summary: 'Draft a transfer of tracked products from one store to another (no stock moves yet)',
  request: {
    body: jsonBody(
      z.strictObject({
        from_store_id: z.uuid(),
        to_store_id: z.uuid(),
        note: optionalText(500),
        lines: z.array(z.strictObject({ product_id: z.uuid(), quantity: units })).min(1, 'Add at least one product').max(500),
      }),
    ),
  },
  responses: { 201: jsonResponse(z.object({ transfer: transferSchema }), 'Drafted'), ...errorResponses(400, 401, 403, 404, 422) },
});

const sendRoute = defineRoute({
  method: 'post',
  path: '/api/stock-transfers/{id}/send',
  access: inventory,
  tags: ['stores'],
  summary:
    'Send a draft: its units leave the sending store (409 insufficient_stock unless negative stock is allowed; 409 illegal_transition if not a draft). A retry with the same idempotency_key returns the transfer.',
  request: { params: idParams, body: jsonBody(z.strictObject({ idempotency_key: idempotencyKey })) },
  responses: { 200: jsonResponse(z.object({ transfer: transferSchema }), 'Sent'), ...errorResponses(400, 401, 403, 404, 409) },
});

const receiveRoute = defineRoute({
  method: 'post',
  path: '/api/stock-transfers/{id}/receive',
  access: inventory,
  tags: ['stores'],
  summary:
    'Receive a sent transfer: the counted units arrive in the receiving store (lines left out arrive as sent); differences stay on the lines. Idempotent by idempotency_key.',
  request: {
    params: idParams,
    body: jsonBody(
      z.strictObject({
        idempotency_key: idempotencyKey,
        lines: z.array(z.strictObject({ product_id: z.uuid(), received_quantity: z.number().int().min(0).max(1_000_000) })).max(500).optional(),
      }),
    ),
  },
  responses: { 200: jsonResponse(z.object({ transfer: transferSchema }), 'Received'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const cancelRoute = defineRoute({
  method: 'post',
  path: '/api/stock-transfers/{id}/cancel',
  access: inventory,
  tags: ['stores'],
  summary: 'Cancel a draft, or a sent transfer (its units go back to the sending store); 409 once received or cancelled',
  responses: { 200: jsonResponse(z.object({ transfer: transferSchema }), 'Cancelled'), ...errorResponses(400, 401, 403, 404, 409) },
  request: { params: idParams },
});

const employeeStoresRoute = defineRoute({
  method: 'get',
  path: '/api/employees/{id}/stores',
  access: business({ feature: 'multi_store', page: 'employees' }),
  tags: ['stores'],
  summary: 'The stores an employee works in (empty: every store)',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ store_ids: z.array(z.uuid()) }), 'Stores'), ...errorResponses(400, 401, 403, 404) },
});

const assignStoresRoute = defineRoute({
  method: 'put',
  path: '/api/employees/{id}/stores',
  access: employees,
  tags: ['stores'],
  summary: 'Assign an employee to stores (an empty list: every store)',
  request: { params: idParams, body: jsonBody(z.strictObject({ store_ids: z.array(z.uuid()).max(100) })) },
  responses: { 200: jsonResponse(z.object({ store_ids: z.array(z.uuid()) }), 'Assigned'), ...errorResponses(400, 401, 403, 404, 422) },
});

const moveRegisterRoute = defineRoute({
  method: 'put',
  path: '/api/registers/{id}/store',
  access: settings,
  tags: ['stores'],
  summary: "Put a till in another store: its next sales take that store's stock",
  request: { params: idParams, body: jsonBody(z.strictObject({ store_id: z.uuid() })) },
  responses: { 200: jsonResponse(z.object({ register: z.object({ id: z.uuid(), store_id: z.uuid() }) }), 'Moved'), ...errorResponses(400, 401, 403, 404, 422) },
});

export const storesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => c.json({ stores: await listStores(c.var.services.database, c.var.tenant.businessId) }, 200))
  .openapi(currentRoute, async (c) => {
    const { storeId, name, source } = await getCurrentStore(c.var.services.database, c.var.tenant);
    return c.json({ store_id: storeId, name, source }, 200);
  })
  .openapi(createRoute, async (c) => {
    const { time_zone: timeZone, ...rest } = c.req.valid('json');
    return c.json({ store: await createStore(c.var.services.database, c.var.tenant, { ...rest, timeZone }) }, 201);
  })
  .openapi(updateRoute, async (c) => {
    const { time_zone: timeZone, is_active: isActive, ...rest } = c.req.valid('json');
    return c.json({ store: await updateStore(c.var.services.database, c.var.tenant, c.req.valid('param').id, { ...rest, timeZone, isActive }) }, 200);
  })
  .openapi(storeStockRoute, async (c) => {
    const stock = await getStoreQuantities(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id, c.req.valid('query').product_ids);
    return c.json({ stock: stock.map((line) => ({ product_id: line.productId, quantity: line.quantity })) }, 200);
  })
  .openapi(productStockRoute, async (c) => c.json({ stores: await getProductStoreStock(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id) }, 200))
  .openapi(listTransfersRoute, async (c) => {
    const { store_id: storeId, status } = c.req.valid('query');
    return c.json({ transfers: await listTransfers(c.var.services.database, c.var.tenant.businessId, { storeId, status }) }, 200);
  })
  .openapi(getTransferRoute, async (c) => c.json({ transfer: await getTransfer(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id) }, 200))
  .openapi(createTransferRoute, async (c) => {
    const { from_store_id: fromStoreId, to_store_id: toStoreId, note, lines } = c.req.valid('json');
    const input = { fromStoreId, toStoreId, note, lines: lines.map((line) => ({ productId: line.product_id, quantity: line.quantity })) };
    return c.json({ transfer: await createTransfer(c.var.services.database, c.var.tenant, input) }, 201);
  })
  .openapi(sendRoute, async (c) =>
    c.json({ transfer: await sendTransfer(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json').idempotency_key) }, 200),
  )
  .openapi(receiveRoute, async (c) => {
    const { idempotency_key: idempotencyKey, lines } = c.req.valid('json');
    const input = { idempotencyKey, lines: lines?.map((line) => ({ productId: line.product_id, receivedQuantity: line.received_quantity })) };
    return c.json({ transfer: await receiveTransfer(c.var.services.database, c.var.tenant, c.req.valid('param').id, input) }, 200);
  })
  .openapi(cancelRoute, async (c) => c.json({ transfer: await cancelTransfer(c.var.services.database, c.var.tenant, c.req.valid('param').id) }, 200))
  .openapi(employeeStoresRoute, async (c) => c.json({ store_ids: await getEmployeeStores(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id) }, 200))
  .openapi(assignStoresRoute, async (c) =>
    c.json({ store_ids: await assignEmployeeStores(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json').store_ids) }, 200),
  )
  .openapi(moveRegisterRoute, async (c) => {
    const moved = await moveRegister(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json').store_id);
    return c.json({ register: { id: moved.id, store_id: moved.storeId } }, 200);
  });

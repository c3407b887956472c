import { OpenAPIHono, z } from '@hono/zod-openapi';
import { batchListQuery, batchTrackingInput, expiringBatchesQuery, wasteRecordView, writeOffBatchInput } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { setBatchTracking } from './batch-tracking.ts';
import { listBatches, listExpiringBatches } from './list-batches.ts';
import { listSaleLots } from './list-sale-lots.ts';
import { writeOffBatch } from './write-off-batch.ts';

/**
 * Batches and expiry (issue 14 item 5, decision 048). SPEC §2 gates /batch-management on
 * inventory_management; SPEC §6: employees need can_manage_inventory (feature "inventory"), as
 * for the other stock pages; the owner, admins and managers always may.
 */
const inventory = business({ feature: 'inventory_management', employeeFeature: 'inventory' });

const idParams = z.object({ id: z.uuid() });
const batchSchema = z
  .object({
    id: z.uuid(),
    product_id: z.uuid(),
    product_name: z.string(),
    sku: z.string().nullable(),
    store_id: z.uuid(),
    store_name: z.string(),
    lot_number: z.string().openapi({ description: "'' is the store's batch without a lot number" }),
    expiry_date: z.string().nullable(),
    days_left: z.number().int().nullable().openapi({ description: 'Days from today (business time zone) to the expiry date; negative once expired' }),
    quantity: z.number().int(),
    cost_value: z.number().int(),
    received_at: z.string(),
  })
  .openapi('ProductBatch');

const listRoute = defineRoute({
  method: 'get',
  path: '/api/batches',
  access: inventory,
  tags: ['batches'],
  summary: 'The lots of batch-tracked products (optionally one product and/or store) with quantity, expiry and days left, and the batch-tracked products',
  request: { query: batchListQuery },
  responses: {
    200: jsonResponse(
      z.object({
        today: z.string(),
        products: z.array(z.object({ id: z.uuid(), name: z.string(), sku: z.string().nullable() })),
        batches: z.array(batchSchema),
      }),
      'The lots',
    ),
    ...errorResponses(400, 401, 403),
  },
});

const expiringRoute = defineRoute({
  method: 'get',
  path: '/api/batches/expiring',
  access: inventory,
  tags: ['batches'],
  summary: 'Lots still holding stock that expire within `days` days (default 7) or already have, soonest first',
  request: { query: expiringBatchesQuery },
  responses: {
    200: jsonResponse(z.object({ today: z.string(), days: z.number().int(), batches: z.array(batchSchema) }), 'The expiring lots'),
    ...errorResponses(400, 401, 403),
  },
});

const trackingRoute = defineRoute({
  method: 'put',
  path: '/api/products/{id}/batch-tracking',
  access: inventory,
  tags: ['batches'],
  summary:
    'Switch a product’s batch tracking on or off. On needs stock tracking (409 stock_not_tracked); the stock no lot accounts for goes into each store’s batch without a lot number. Audited.',
  request: { params: idParams, body: jsonBody(batchTrackingInput) },
  responses: {
    200: jsonResponse(z.object({ product_id: z.uuid(), name: z.string(), track_batches: z.boolean() }), 'Switched'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

/** The till's lot picker (decision 058): selling needs the till's access, not inventory's. */
const till = business({ feature: 'pos_system', employeeFeature: 'pos' });

const saleLotsRoute = defineRoute({
  method: 'get',
  path: '/api/pos/products/{id}/lots',
  access: till,
  tags: ['batches'],
  summary:
    'The lots a sale line may name (lotNumber at checkout) for one product: those holding stock in the till’s store, first to expire first. A product without batch tracking answers track_batches false and no lots.',
  request: { params: idParams },
  responses: {
    200: jsonResponse(
      z.object({
        product_id: z.uuid(),
        track_batches: z.boolean(),
        today: z.string().nullable().openapi({ description: 'The business’s date (null without batch tracking)' }),
        lots: z.array(
          z.object({
            lot_number: z.string(),
            expiry_date: z.string().nullable(),
            days_left: z.number().int().nullable().openapi({ description: 'Days from today to the expiry date; negative once expired' }),
            quantity: z.number().int(),
          }),
        ),
      }),
      'The lots, first to expire first',
    ),
    ...errorResponses(400, 401, 403, 404),
  },
});

const writeOffRoute = defineRoute({
  method: 'post',
  path: '/api/batches/{id}/write-off',
  access: inventory,
  tags: ['batches'],
  summary:
    'Write a lot off: all it holds leaves stock (a waste movement of the lot) and a waste record (reason expired, at the product’s cost now) appears in the waste report. ' +
    'A lot holding nothing is 409 batch_empty; a retry with the same idempotency_key returns the first record (200).',
  request: { params: idParams, body: jsonBody(writeOffBatchInput) },
  responses: {
    201: jsonResponse(z.object({ waste: wasteRecordView }), 'Written off'),
    200: jsonResponse(z.object({ waste: wasteRecordView }), 'A retry: the first record'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

export const batchesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => {
    const { product_id: productId, store_id: storeId } = c.req.valid('query');
    return c.json(await listBatches(c.var.services.database, c.var.tenant, { productId, storeId }), 200);
  })
  .openapi(expiringRoute, async (c) => {
    const { days, store_id: storeId } = c.req.valid('query');
    return c.json(await listExpiringBatches(c.var.services.database, c.var.tenant, { days, storeId }), 200);
  })
  .openapi(trackingRoute, async (c) => c.json(await setBatchTracking(c.var.services.database, c.var.tenant, c.req.valid('param').id, { trackBatches: c.req.valid('json').track_batches }), 200))
  .openapi(saleLotsRoute, async (c) => c.json(await listSaleLots(c.var.services.database, c.var.tenant, c.req.valid('param').id), 200))
  .openapi(writeOffRoute, async (c) => {
    const { idempotency_key: idempotencyKey, note } = c.req.valid('json');
    const { replayed, waste } = await writeOffBatch(c.var.services.database, c.var.tenant, c.req.valid('param').id, { idempotencyKey, note });
    return c.json({ waste }, replayed ? 200 : 201);
  });

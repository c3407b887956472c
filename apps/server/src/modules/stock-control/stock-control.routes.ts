import { OpenAPIHono, z } from '@hono/zod-openapi';
import {
  isoDateInput,
  recordCountsInput,
  setShelvesInput,
  startStockCountInput,
  STOCK_COUNT_SCOPES,
  STOCK_MOVEMENT_REASONS,
  stockAdjustmentInput,
  WASTE_REASONS,
  wasteRecordInput,
  wasteRecordView,
} from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { adjustStock } from './adjust-stock.ts';
import { exportWaste, getWasteReport, WASTE_CSV_COLUMNS } from './get-waste-report.ts';
import { listStockHistory } from './list-stock-history.ts';
import { recordWaste } from './record-waste.ts';
import { setShelves } from './set-shelves.ts';
import { cancelStockCount, getStockCount, listStockCounts, postStockCount, recordStockCounts, startStockCount } from './stock-counts.ts';

/**
 * Stock control (issue 14 items 3, 4, 6). SPEC §2 gates the stock pages on inventory_management;
 * SPEC §3 names inventory_adjustments for adjustments and counts. SPEC §6: employees need
 * can_manage_inventory (feature "inventory"); the owner, admins and managers always may.
 */
const inventory = business({ feature: 'inventory_management', employeeFeature: 'inventory' });
const adjustments = business({ feature: 'inventory_adjustments', employeeFeature: 'inventory' });

const idParams = z.object({ id: z.uuid() });
const adjustmentSchema = z
  .object({
    id: z.uuid(),
    product_id: z.uuid(),
    quantity_delta: z.number().int(),
    reason: z.string(),
    note: z.string().nullable(),
    quantity_after: z.number().int(),
    store_id: z.uuid().nullable(),
    created_at: z.string(),
  })
  .openapi('StockAdjustment');
const historyMovementSchema = z
  .object({
    id: z.uuid(),
    quantity_delta: z.number().int(),
    reason: z.enum(STOCK_MOVEMENT_REASONS),
    note: z.string().nullable(),
    order_id: z.uuid().nullable(),
    order_number: z.number().int().nullable(),
    actor_name: z.string(),
    balance_after: z.number().int(),
    created_at: z.string(),
  })
  .openapi('StockHistoryMovement');
const countLineSchema = z.object({
  product_id: z.uuid(),
  name: z.string(),
  sku: z.string().nullable(),
  barcode: z.string().nullable(),
  shelf: z.string().nullable(),
  expected_quantity: z.number().int(),
  counted_quantity: z.number().int().nullable(),
  counted_at: z.string().nullable(),
  moved_while_counting: z.number().int().nullable(),
  posted_difference: z.number().int().nullable(),
});
const countSchema = z
  .object({
    id: z.uuid(),
    scope: z.enum(STOCK_COUNT_SCOPES),
    category_id: z.uuid().nullable(),
    shelf: z.string().nullable(),
    store_id: z.uuid().nullable(),
    status: z.enum(['counting', 'posted', 'cancelled']),
    note: z.string().nullable(),
    started_at: z.string(),
    posted_at: z.string().nullable(),
    lines: z.array(countLineSchema),
  })
  .openapi('StockCount');
const wasteQuery = z.strictObject({
  from: isoDateInput(),
  to: isoDateInput(),
  reason: z.enum(WASTE_REASONS).optional(),
  product_id: z.uuid().optional(),
  /** One store's waste (decision 049). */
  store_id: z.uuid().optional(),
});

/** The waste query as the use-cases take it. */
function wasteQueryOf({ product_id: productId, store_id: storeId, ...rest }: z.infer<typeof wasteQuery>) {
  return { ...rest, productId, storeId };
}

const adjustRoute = defineRoute({
  method: 'post',
  path: '/api/stock-adjustments',
  access: adjustments,
  tags: ['stock-control'],
  summary:
    'Adjust a product’s stock with a reason (received, damaged, lost, theft, correction, returned_to_supplier) and a note: one adjustment movement in store_id’s store (else the main store), audited. ' +
    'Whole units only; stock stays at or above zero unless negative stock is allowed (409 insufficient_stock). A retry with the same idempotency_key returns the first adjustment (200).',
  request: { body: jsonBody(stockAdjustmentInput) },
  responses: {
    201: jsonResponse(z.object({ adjustment: adjustmentSchema }), 'Adjusted'),
    200: jsonResponse(z.object({ adjustment: adjustmentSchema }), 'A retry: the first adjustment'),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

const historyRoute = defineRoute({
  method: 'get',
  path: '/api/products/{id}/stock-history',
  access: inventory,
  tags: ['stock-control'],
  summary:
    'Every stock movement of a product (sale, refund, receipt, adjustment, count, waste...), newest first, with the stock after each and who made it; a page at a time. ' +
    'With store_id: that store’s movements and stock (404 store_not_found for a store of another business).',
  request: {
    params: idParams,
    query: z.strictObject({ limit: z.coerce.number().int().min(1).max(200).default(50), cursor: z.string().max(300).optional(), store_id: z.uuid().optional() }),
  },
  responses: {
    200: jsonResponse(
      z.object({
        product: z.object({ id: z.uuid(), name: z.string(), sku: z.string().nullable(), track_stock: z.boolean(), stock_quantity: z.number().int(), low_stock_threshold: z.number().int().nullable() }),
        movements: z.array(historyMovementSchema),
        next_cursor: z.string().nullable(),
      }),
      'One page',
    ),
    ...errorResponses(400, 401, 403, 404),
  },
});

const wasteRoute = defineRoute({
  method: 'post',
  path: '/api/waste',
  access: inventory,
  tags: ['stock-control'],
  summary: 'Record waste (expired, damaged, spoiled, preparation, other): the units leave stock as a waste movement; the cost lost is the product’s cost now. In store_id’s store, else the main store. Idempotent by idempotency_key.',
  request: { body: jsonBody(wasteRecordInput) },
  responses: {
    201: jsonResponse(z.object({ waste: wasteRecordView }), 'Recorded'),
    200: jsonResponse(z.object({ waste: wasteRecordView }), 'A retry: the first record'),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

const wasteReportRoute = defineRoute({
  method: 'get',
  path: '/api/waste/report',
  access: inventory,
  tags: ['stock-control'],
  summary: 'Waste in a period (dates in the business’s time zone, at most a year): units and cost lost by reason and by product, and the latest 100 records',
  request: { query: wasteQuery },
  responses: {
    200: jsonResponse(
      z.object({
        from: z.string(),
        to: z.string(),
        currency: z.string(),
        totals: z.object({ quantity: z.number(), cost_value: z.number(), records: z.number() }),
        by_reason: z.array(z.object({ reason: z.enum(WASTE_REASONS), quantity: z.number(), cost_value: z.number(), records: z.number() })),
        by_product: z.array(z.object({ product_id: z.uuid(), name: z.string(), quantity: z.number(), cost_value: z.number(), records: z.number() })),
        records: z.array(
          z.object({
            id: z.uuid(),
            product_id: z.uuid(),
            product_name: z.string(),
            sku: z.string().nullable(),
            quantity: z.number(),
            reason: z.enum(WASTE_REASONS),
            note: z.string().nullable(),
            unit_cost: z.number(),
            cost_value: z.number(),
            created_at: z.string(),
            actor_name: z.string().nullable(),
            actor_employee_id: z.string().nullable(),
          }),
        ),
      }),
      'The report',
    ),
    ...errorResponses(400, 401, 403, 422),
  },
});

const wasteExportRoute = defineRoute({
  method: 'get',
  path: '/api/waste/export.csv',
  access: inventory,
  tags: ['stock-control'],
  summary: 'Waste records of a period as CSV',
  request: { query: wasteQuery },
  responses: { 200: { description: `CSV: ${WASTE_CSV_COLUMNS.join(', ')}`, content: { 'text/csv': { schema: z.string() } } }, ...errorResponses(400, 401, 403, 422) },
});

const listCountsRoute = defineRoute({
  method: 'get',
  path: '/api/stock-counts',
  access: adjustments,
  tags: ['stock-control'],
  summary: 'The latest 50 stock counts, newest first',
  responses: {
    200: jsonResponse(
      z.object({
        counts: z.array(
          z.object({
            id: z.uuid(),
            scope: z.enum(STOCK_COUNT_SCOPES),
            shelf: z.string().nullable(),
            store_id: z.uuid().nullable(),
            store_name: z.string().nullable(),
            status: z.enum(['counting', 'posted', 'cancelled']),
            note: z.string().nullable(),
            category_name: z.string().nullable(),
            started_at: z.string(),
            posted_at: z.string().nullable(),
            line_count: z.number().int(),
            counted_count: z.number().int(),
          }),
        ),
      }),
      'Counts',
    ),
    ...errorResponses(401, 403),
  },
});

const startCountRoute = defineRoute({
  method: 'post',
  path: '/api/stock-counts',
  access: adjustments,
  tags: ['stock-control'],
  summary:
    'Start a count of one store (store_id, else the main store), full, of one category or of one shelf: the expected quantity of every tracked product (the store’s stock) is snapshotted now',
  request: { body: jsonBody(startStockCountInput) },
  responses: { 201: jsonResponse(z.object({ count: countSchema }), 'Started'), ...errorResponses(400, 401, 403, 404, 422) },
});

const getCountRoute = defineRoute({
  method: 'get',
  path: '/api/stock-counts/{id}',
  access: adjustments,
  tags: ['stock-control'],
  summary: 'A count with every line: expected, counted and, once posted, the difference written',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ count: countSchema }), 'The count'), ...errorResponses(400, 401, 403, 404) },
});

const recordCountsRoute = defineRoute({
  method: 'put',
  path: '/api/stock-counts/{id}/lines',
  access: adjustments,
  tags: ['stock-control'],
  summary: 'Record counted quantities (whole units; null clears a line); each line remembers when it was counted',
  request: { params: idParams, body: jsonBody(recordCountsInput) },
  responses: { 200: jsonResponse(z.object({ recorded: z.number().int() }), 'Recorded'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const postCountRoute = defineRoute({
  method: 'post',
  path: '/api/stock-counts/{id}/post',
  access: adjustments,
  tags: ['stock-control'],
  summary:
    'Post the differences of the counted lines as count movements in one transaction: counted − (expected at the start + what moved between the start and the line’s count). 409 once posted or cancelled.',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ count: countSchema }), 'Posted'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const cancelCountRoute = defineRoute({
  method: 'post',
  path: '/api/stock-counts/{id}/cancel',
  access: adjustments,
  tags: ['stock-control'],
  summary: 'Cancel a count that is not posted; nothing moves',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ count: countSchema }), 'Cancelled'), ...errorResponses(400, 401, 403, 404, 409) },
});

const shelvesRoute = defineRoute({
  method: 'put',
  path: '/api/stores/{id}/shelves',
  access: adjustments,
  tags: ['stock-control'],
  summary: 'Set where products sit in a store (a shelf or location such as "A3"; null takes a product off its shelf): what a count by shelf covers. All or nothing.',
  request: { params: idParams, body: jsonBody(setShelvesInput) },
  responses: { 200: jsonResponse(z.object({ updated: z.number().int() }), 'Set'), ...errorResponses(400, 401, 403, 404, 422) },
});

// Fixed paths first: "report" and "export.csv" must not be read as ids.
export const stockControlRoutes = new OpenAPIHono<AppEnv>()
  .openapi(adjustRoute, async (c) => {
    const { idempotency_key: idempotencyKey, product_id: productId, quantity_delta: quantityDelta, store_id: storeId, ...rest } = c.req.valid('json');
    const { replayed, adjustment } = await adjustStock(c.var.services.database, c.var.tenant, { idempotencyKey, productId, quantityDelta, ...rest, ...(storeId !== undefined ? { storeId } : {}) });
    return c.json({ adjustment }, replayed ? 200 : 201);
  })
  .openapi(historyRoute, async (c) => {
    const { limit, cursor, store_id: storeId } = c.req.valid('query');
    return c.json(await listStockHistory(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id, { limit, cursor, storeId }), 200);
  })
  .openapi(wasteReportRoute, async (c) => {
    return c.json(await getWasteReport(c.var.services.database, c.var.tenant.businessId, wasteQueryOf(c.req.valid('query'))), 200);
  })
  .openapi(wasteExportRoute, async (c) => {
    const query = c.req.valid('query');
    const csv = await exportWaste(c.var.services.database, c.var.tenant.businessId, wasteQueryOf(query));
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="waste-${query.from}-to-${query.to}.csv"` });
  })
  .openapi(wasteRoute, async (c) => {
    const { idempotency_key: idempotencyKey, product_id: productId, store_id: storeId, ...rest } = c.req.valid('json');
    const { replayed, waste } = await recordWaste(c.var.services.database, c.var.tenant, { idempotencyKey, productId, ...rest, ...(storeId !== undefined ? { storeId } : {}) });
    return c.json({ waste }, replayed ? 200 : 201);
  })
  .openapi(listCountsRoute, async (c) => {
    return c.json(await listStockCounts(c.var.services.database, c.var.tenant.businessId), 200);
  })
  .openapi(startCountRoute, async (c) => {
    const { category_id: categoryId, store_id: storeId, ...rest } = c.req.valid('json');
    const input = { ...rest, ...(categoryId !== undefined ? { categoryId } : {}), ...(storeId !== undefined ? { storeId } : {}) };
    return c.json({ count: await startStockCount(c.var.services.database, c.var.tenant, input) }, 201);
  })
  .openapi(getCountRoute, async (c) => {
    return c.json({ count: await getStockCount(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id) }, 200);
  })
  .openapi(recordCountsRoute, async (c) => {
    const lines = c.req.valid('json').lines.map((line) => ({ productId: line.product_id, countedQuantity: line.counted_quantity }));
    return c.json(await recordStockCounts(c.var.services.database, c.var.tenant, c.req.valid('param').id, { lines }), 200);
  })
  .openapi(postCountRoute, async (c) => {
    return c.json({ count: await postStockCount(c.var.services.database, c.var.tenant, c.req.valid('param').id) }, 200);
  })
  .openapi(cancelCountRoute, async (c) => {
    return c.json({ count: await cancelStockCount(c.var.services.database, c.var.tenant, c.req.valid('param').id) }, 200);
  })
  .openapi(shelvesRoute, async (c) => {
    const lines = c.req.valid('json').lines.map((line) => ({ productId: line.product_id, shelf: line.shelf }));
    return c.json(await setShelves(c.var.services.database, c.var.tenant, c.req.valid('param').id, { lines }), 200);
  });

import { OpenAPIHono, z } from '@hono/zod-openapi';
import { isoDateInput, multiLine, PURCHASE_ORDER_STATUS_VALUES, singleLine } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse, nullableRef } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { cancelPurchaseOrder } from './cancel-purchase-order.ts';
import { createPurchaseOrder } from './create-purchase-order.ts';
import { createSupplier } from './create-supplier.ts';
import { draftReorders } from './draft-reorders.ts';
import { exportSuppliers, SUPPLIER_CSV_COLUMNS } from './export-suppliers.ts';
import { getPurchaseOrder } from './get-purchase-order.ts';
import { getSupplier } from './get-supplier.ts';
import { importSuppliers, MAX_SUPPLIER_ROWS } from './import-suppliers.ts';
import { listPurchaseOrders } from './list-purchase-orders.ts';
import { listSuppliers } from './list-suppliers.ts';
import { expectedDate, minorAmount, orderLineFromWire, orderLineInput, orderNotes, packSize, stockLevel, supplierFields, supplierFieldsFromWire, supplierName, units } from './purchasing-input.ts';
import { orderListWire, orderWire, receiptWire, reorderWire, supplierDetailWire, supplierListWire, supplierWire } from './purchasing-wire.ts';
import { receiveGoods } from './receive-goods.ts';
import { removeSupplierProduct } from './remove-supplier-product.ts';
import { renderPurchaseOrderPdf } from './render-purchase-order-pdf.ts';
import { sendPurchaseOrder } from './send-purchase-order.ts';
import { setSupplierProduct } from './set-supplier-product.ts';
import { updatePurchaseOrder } from './update-purchase-order.ts';
import { updateSupplier } from './update-supplier.ts';

/**
 * Purchasing (issue 13). SPEC §2 gates /suppliers and /purchase-orders on purchase_orders.
 * SPEC §6 / issue 13 item 6: reading needs inventory access (the owner, admins, managers, and
 * other employees with can_manage_inventory, who also receive goods); ordering and suppliers need
 * can_make_orders (the owner, or an admin granted it); costs typed in need can_change_prices.
 */
const read = business({ feature: 'purchase_orders', employeeFeature: 'inventory' });
const order = business({ feature: 'purchase_orders', adminPermission: 'can_make_orders' });
const receive = business({ feature: 'purchase_orders', employeeFeature: 'inventory' });

const supplierSchema = z
  .object({
    id: z.uuid(),
    name: z.string(),
    contact_name: z.string().nullable(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    address: z.string().nullable(),
    tax_number: z.string().nullable(),
    payment_terms_days: z.number().int(),
    lead_time_days: z.number().int().nullable(),
    currency_note: z.string().nullable(),
    notes: z.string().nullable(),
    is_active: z.boolean(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Supplier');

const supplierProductSchema = z
  .object({
    product_id: z.uuid(),
    name: z.string(),
    sku: z.string().nullable(),
    supplier_code: z.string().nullable(),
    pack_size: z.number().int(),
    last_cost: z.number().int().nullable(),
    cost: z.number().int().nullable(),
    track_stock: z.boolean(),
    stock_quantity: z.number().int(),
    low_stock_threshold: z.number().int().nullable(),
    reorder_point: z.number().int().nullable(),
    reorder_quantity: z.number().int().nullable(),
    is_active: z.boolean(),
  })
  .openapi('SupplierProduct');

const supplierDetailSchema = z.object({ supplier: supplierSchema, products: z.array(supplierProductSchema) });

const receiptSchema = z
  .object({
    id: z.uuid(),
    purchase_order_id: z.uuid().nullable(),
    supplier_id: z.uuid().nullable(),
    store_id: z.uuid().nullable(),
    note: z.string().nullable(),
    received_at: z.string(),
    lines: z.array(
      z.object({
        id: z.uuid(),
        purchase_order_line_id: z.uuid().nullable(),
        product_id: z.uuid(),
        product_name: z.string(),
        quantity: z.number().int(),
        unit_cost: z.number().int(),
        cost_before: z.number().int().nullable(),
        cost_after: z.number().int(),
        stock_before: z.number().int(),
        batch_number: z.string().nullable(),
        expiry_date: z.string().nullable(),
      }),
    ),
  })
  .openapi('GoodsReceipt');

const statusSchema = z.enum(PURCHASE_ORDER_STATUS_VALUES);

const purchaseOrderSchema = z
  .object({
    id: z.uuid(),
    number: z.number().int(),
    label: z.string(),
    status: statusSchema,
    supplier: z.object({ id: z.uuid(), name: z.string(), email: z.string().nullable() }),
    expected_date: z.string().nullable(),
    notes: z.string().nullable(),
    currency: z.string(),
    net: z.number().int(),
    tax: z.number().int(),
    total: z.number().int(),
    lines: z.array(
      z.object({
        id: z.uuid(),
        product_id: z.uuid(),
        product_name: z.string(),
        sku: z.string().nullable(),
        pack_size: z.number().int(),
        quantity_ordered: z.number().int(),
        quantity_received: z.number().int(),
        unit_cost: z.number().int(),
        tax_rate_bp: z.number().int(),
        net: z.number().int(),
        tax: z.number().int(),
        total: z.number().int(),
      }),
    ),
    receipts: z.array(receiptSchema),
    sent_at: z.string().nullable(),
    cancelled_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('PurchaseOrder');

const purchaseOrderListItemSchema = z
  .object({
    id: z.uuid(),
    number: z.number().int(),
    label: z.string(),
    status: statusSchema,
    supplier: z.object({ id: z.uuid(), name: z.string() }),
    expected_date: z.string().nullable(),
    line_count: z.number().int(),
    net: z.number().int(),
    currency: z.string(),
    created_at: z.string(),
    sent_at: z.string().nullable(),
  })
  .openapi('PurchaseOrderListItem');

const idParams = z.object({ id: z.uuid() });
const supplierProductParams = z.object({ id: z.uuid(), productId: z.uuid() });
const limit = z.coerce.number().int().min(1).max(100);

const listSuppliersRoute = defineRoute({
  method: 'get',
  path: '/api/suppliers',
  access: read,
  tags: ['purchasing'],
  summary: 'Suppliers by name, searched by name, contact or e-mail (q); archived ones with include_archived=true; a page at a time',
  request: {
    query: z.strictObject({
      q: z.string().max(200).optional(),
      include_archived: z.enum(['true', 'false']).optional(),
      limit: limit.default(50),
      cursor: z.string().max(1000).optional(),
    }),
  },
  responses: {
    200: jsonResponse(z.object({ suppliers: z.array(supplierSchema.extend({ product_count: z.number().int() })), next_cursor: z.string().nullable() }), 'One page of suppliers'),
    ...errorResponses(400, 401, 403),
  },
});

const exportSuppliersRoute = defineRoute({
  method: 'get',
  path: '/api/suppliers/export.csv',
  access: read,
  tags: ['purchasing'],
  summary: 'Every supplier as CSV (archived ones marked)',
  responses: {
    200: { description: `CSV: ${SUPPLIER_CSV_COLUMNS.join(', ')}`, content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(401, 403),
  },
});

const importSuppliersRoute = defineRoute({
  method: 'post',
  path: '/api/suppliers/import',
  access: order,
  tags: ['purchasing'],
  summary: `Import suppliers from CSV (JSON { csv }) in the export's columns; a name that exists updates that supplier; at most ${MAX_SUPPLIER_ROWS} rows; all rows or none`,
  description: 'Any bad row: 400 import_rejected with rows [{ row, field, message }] (header = row 1) and nothing imported.',
  request: { body: jsonBody(z.strictObject({ csv: z.string().min(1, 'The file is empty').max(1_000_000) })) },
  responses: {
    200: jsonResponse(z.object({ created: z.number().int(), updated: z.number().int(), unchanged: z.number().int() }), 'Imported'),
    ...errorResponses(400, 401, 403),
  },
});

const createSupplierRoute = defineRoute({
  method: 'post',
  path: '/api/suppliers',
  access: order,
  tags: ['purchasing'],
  summary: 'Add a supplier (409 supplier_name_taken when another has the name)',
  request: { body: jsonBody(z.strictObject({ name: supplierName, ...supplierFields })) },
  responses: { 201: jsonResponse(z.object({ supplier: supplierSchema }), 'Supplier added'), ...errorResponses(400, 401, 403, 409) },
});

const getSupplierRoute = defineRoute({
  method: 'get',
  path: '/api/suppliers/{id}',
  access: read,
  tags: ['purchasing'],
  summary: 'A supplier and the products it supplies (supplier code, pack size, last cost; stock, cost and reorder settings)',
  request: { params: idParams },
  responses: { 200: jsonResponse(supplierDetailSchema, 'The supplier'), ...errorResponses(400, 401, 403, 404) },
});

const updateSupplierRoute = defineRoute({
  method: 'patch',
  path: '/api/suppliers/{id}',
  access: order,
  tags: ['purchasing'],
  summary: 'Edit a supplier; is_active false archives it, true restores it; null or blank clears a field',
  request: {
    params: idParams,
    body: jsonBody(
      z
        .strictObject({ name: supplierName.optional(), is_active: z.boolean().optional(), ...supplierFields })
        .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change'),
    ),
  },
  responses: { 200: jsonResponse(z.object({ supplier: supplierSchema }), 'Supplier updated'), ...errorResponses(400, 401, 403, 404, 409) },
});

const setSupplierProductRoute = defineRoute({
  method: 'put',
  path: '/api/suppliers/{id}/products/{productId}',
  access: order,
  tags: ['purchasing'],
  summary: 'The supplier supplies this product: its code, pack size and last cost (last_cost needs can_change_prices), and the product’s reorder point and quantity',
  request: {
    params: supplierProductParams,
    body: jsonBody(
      z.strictObject({
        supplier_code: singleLine(z.string().max(100)).nullable().optional(),
        pack_size: packSize.optional(),
        last_cost: minorAmount.nullable().optional(),
        reorder_point: stockLevel.nullable().optional(),
        reorder_quantity: units.nullable().optional(),
      }),
    ),
  },
  responses: { 200: jsonResponse(supplierDetailSchema, 'The supplier with its products'), ...errorResponses(400, 401, 403, 404, 422) },
});

const removeSupplierProductRoute = defineRoute({
  method: 'delete',
  path: '/api/suppliers/{id}/products/{productId}',
  access: order,
  tags: ['purchasing'],
  summary: 'The supplier no longer supplies this product',
  request: { params: supplierProductParams },
  responses: { 200: jsonResponse(supplierDetailSchema, 'The supplier with its products'), ...errorResponses(400, 401, 403, 404) },
});

const listOrdersRoute = defineRoute({
  method: 'get',
  path: '/api/purchase-orders',
  access: read,
  tags: ['purchasing'],
  summary: 'Purchase orders, newest first, optionally of one status or supplier; a page at a time',
  request: {
    query: z.strictObject({ status: statusSchema.optional(), supplier_id: z.uuid().optional(), limit: limit.default(50), cursor: z.string().max(20).optional() }),
  },
  responses: {
    200: jsonResponse(z.object({ purchase_orders: z.array(purchaseOrderListItemSchema), next_cursor: z.string().nullable() }), 'One page of purchase orders'),
    ...errorResponses(400, 401, 403),
  },
});

const orderResponse = (description: string) => jsonResponse(z.object({ purchase_order: purchaseOrderSchema }), description);

const createOrderRoute = defineRoute({
  method: 'post',
  path: '/api/purchase-orders',
  access: order,
  tags: ['purchasing'],
  summary: 'A draft purchase order with the next gap-free number; line quantities are packs of pack_size (units with 1)',
  request: {
    body: jsonBody(z.strictObject({ supplier_id: z.uuid(), expected_date: expectedDate, notes: orderNotes, lines: z.array(orderLineInput).min(1, 'Add at least one line').max(500) })),
  },
  responses: { 201: orderResponse('Draft created'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const reorderRoute = defineRoute({
  method: 'post',
  path: '/api/purchase-orders/reorder',
  access: order,
  tags: ['purchasing'],
  summary: 'Reorder: a draft per supplier for the products at or below their reorder point that no open order covers',
  responses: {
    201: jsonResponse(
      z.object({
        purchase_orders: z.array(z.object({ id: z.uuid(), number: z.number().int(), label: z.string(), supplier_id: z.uuid(), line_count: z.number().int() })),
        without_supplier: z.array(z.object({ product_id: z.uuid(), name: z.string() })),
      }),
      'The drafts made (none when nothing is low)',
    ),
    ...errorResponses(401, 403),
  },
});

const getOrderRoute = defineRoute({
  method: 'get',
  path: '/api/purchase-orders/{id}',
  access: read,
  tags: ['purchasing'],
  summary: 'A purchase order with its lines (ordered and received) and its receipts',
  request: { params: idParams },
  responses: { 200: orderResponse('The purchase order'), ...errorResponses(400, 401, 403, 404) },
});

const updateOrderRoute = defineRoute({
  method: 'patch',
  path: '/api/purchase-orders/{id}',
  access: order,
  tags: ['purchasing'],
  summary: 'Edit a draft (lines replace all lines); 409 once sent',
  request: {
    params: idParams,
    body: jsonBody(
      z
        .strictObject({ expected_date: expectedDate, notes: orderNotes, lines: z.array(orderLineInput).min(1, 'Keep at least one line').max(500).optional() })
        .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change'),
    ),
  },
  responses: { 200: orderResponse('Draft updated'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const sendOrderRoute = defineRoute({
  method: 'post',
  path: '/api/purchase-orders/{id}/send',
  access: order,
  tags: ['purchasing'],
  summary: 'draft → sent; e-mailed to the supplier through the outbox when it has an address (409 from any other state)',
  request: { params: idParams },
  responses: {
    200: jsonResponse(z.object({ purchase_order: purchaseOrderSchema, emailed_to: z.string().nullable() }), 'Sent'),
    ...errorResponses(400, 401, 403, 404, 409),
  },
});

const cancelOrderRoute = defineRoute({
  method: 'post',
  path: '/api/purchase-orders/{id}/cancel',
  access: order,
  tags: ['purchasing'],
  summary: 'draft or sent → cancelled (409 once goods arrived or when final)',
  request: { params: idParams },
  responses: { 200: orderResponse('Cancelled'), ...errorResponses(400, 401, 403, 404, 409) },
});

const pdfRoute = defineRoute({
  method: 'get',
  path: '/api/purchase-orders/{id}/pdf',
  access: read,
  tags: ['purchasing'],
  summary: 'The purchase order as an A4 PDF, to print or send',
  request: { params: idParams },
  responses: { 200: { description: 'PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } }, ...errorResponses(400, 401, 403, 404) },
});

const receiveRoute = defineRoute({
  method: 'post',
  path: '/api/goods-receipts',
  access: receive,
  tags: ['purchasing'],
  summary:
    'Receive a delivery against a purchase order (lines name purchase_order_line_id) or without one (lines name product_id and unit_cost). ' +
    'store_id names the store it arrives at (else the main store; another business’s store is 404 store_not_found). ' +
    'Send a client-generated UUID idempotency_key: a retry returns the first receipt (200) and never adds stock twice; the same key with another body is a 409.',
  request: {
    body: jsonBody(
      z.strictObject({
        idempotency_key: z.uuid('idempotency_key is a client-generated UUID'),
        purchase_order_id: z.uuid().optional(),
        supplier_id: z.uuid().optional(),
        /** The store the delivery arrives at (decision 049); left out: the main store. */
        store_id: z.uuid().optional(),
        note: multiLine(z.string().max(2000)).nullable().optional(),
        lines: z
          .array(
            z.strictObject({
              purchase_order_line_id: z.uuid().optional(),
              product_id: z.uuid().optional(),
              quantity: units,
              unit_cost: minorAmount.optional(),
              batch_number: singleLine(z.string().max(100)).nullable().optional(),
              expiry_date: isoDateInput().nullable().optional(),
            }),
          )
          .min(1, 'Receive at least one line')
          .max(1000),
      }),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ receipt: receiptSchema, purchase_order: nullableRef(purchaseOrderSchema) }), 'Received'),
    200: jsonResponse(z.object({ receipt: receiptSchema, purchase_order: nullableRef(purchaseOrderSchema) }), 'A retry: the first receipt'),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

// Fixed paths first: "export.csv" and "reorder" must not be read as ids.
export const purchasingRoutes = new OpenAPIHono<AppEnv>()
  .openapi(exportSuppliersRoute, async (c) => {
    const csv = await exportSuppliers(c.var.services.database, c.var.tenant.businessId);
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="suppliers-${new Date().toISOString().slice(0, 10)}.csv"`,
    });
  })
  .openapi(importSuppliersRoute, async (c) => {
    return c.json(await importSuppliers(c.var.services.database, c.var.tenant, c.req.valid('json').csv), 200);
  })
  .openapi(listSuppliersRoute, async (c) => {
    const query = c.req.valid('query');
    const page = await listSuppliers(c.var.services.database, c.var.tenant.businessId, { q: query.q, includeArchived: query.include_archived === 'true', limit: query.limit, cursor: query.cursor });
    return c.json(supplierListWire(page), 200);
  })
  .openapi(createSupplierRoute, async (c) => {
    const body = c.req.valid('json');
    return c.json({ supplier: supplierWire(await createSupplier(c.var.services.database, c.var.tenant, { name: body.name, ...supplierFieldsFromWire(body) }, new Date())) }, 201);
  })
  .openapi(getSupplierRoute, async (c) => {
    return c.json(supplierDetailWire(await getSupplier(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id)), 200);
  })
  .openapi(updateSupplierRoute, async (c) => {
    const body = c.req.valid('json');
    const input = { name: body.name, isActive: body.is_active, ...supplierFieldsFromWire(body) };
    return c.json({ supplier: supplierWire(await updateSupplier(c.var.services.database, c.var.tenant, c.req.valid('param').id, input, new Date())) }, 200);
  })
  .openapi(setSupplierProductRoute, async (c) => {
    const { id, productId } = c.req.valid('param');
    const body = c.req.valid('json');
    const input = { supplierCode: body.supplier_code, packSize: body.pack_size, lastCost: body.last_cost, reorderPoint: body.reorder_point, reorderQuantity: body.reorder_quantity };
    return c.json(supplierDetailWire(await setSupplierProduct(c.var.services.database, c.var.tenant, id, productId, input)), 200);
  })
  .openapi(removeSupplierProductRoute, async (c) => {
    const { id, productId } = c.req.valid('param');
    return c.json(supplierDetailWire(await removeSupplierProduct(c.var.services.database, c.var.tenant, id, productId)), 200);
  })
  .openapi(reorderRoute, async (c) => {
    return c.json(reorderWire(await draftReorders(c.var.services.database, c.var.tenant)), 201);
  })
  .openapi(listOrdersRoute, async (c) => {
    const query = c.req.valid('query');
    const page = await listPurchaseOrders(c.var.services.database, c.var.tenant.businessId, { status: query.status, supplierId: query.supplier_id, limit: query.limit, cursor: query.cursor });
    return c.json(orderListWire(page), 200);
  })
  .openapi(createOrderRoute, async (c) => {
    const body = c.req.valid('json');
    const input = { supplierId: body.supplier_id, expectedDate: body.expected_date, notes: body.notes, lines: body.lines.map(orderLineFromWire) };
    return c.json({ purchase_order: orderWire(await createPurchaseOrder(c.var.services.database, c.var.tenant, input)) }, 201);
  })
  .openapi(getOrderRoute, async (c) => {
    return c.json({ purchase_order: orderWire(await getPurchaseOrder(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id)) }, 200);
  })
  .openapi(updateOrderRoute, async (c) => {
    const body = c.req.valid('json');
    const input = { expectedDate: body.expected_date, notes: body.notes, lines: body.lines?.map(orderLineFromWire) };
    return c.json({ purchase_order: orderWire(await updatePurchaseOrder(c.var.services.database, c.var.tenant, c.req.valid('param').id, input)) }, 200);
  })
  .openapi(sendOrderRoute, async (c) => {
    const sent = await sendPurchaseOrder(c.var.services.database, c.var.services.mailer, c.var.tenant, c.req.valid('param').id, new Date());
    return c.json({ purchase_order: orderWire(sent.purchaseOrder), emailed_to: sent.emailedTo }, 200);
  })
  .openapi(cancelOrderRoute, async (c) => {
    return c.json({ purchase_order: orderWire(await cancelPurchaseOrder(c.var.services.database, c.var.tenant, c.req.valid('param').id, new Date())) }, 200);
  })
  .openapi(pdfRoute, async (c) => {
    const { order: view, pdf } = await renderPurchaseOrderPdf(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id);
    return c.body(new Uint8Array(pdf), 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${view.label}.pdf"` });
  })
  .openapi(receiveRoute, async (c) => {
    const body = c.req.valid('json');
    const input = {
      idempotencyKey: body.idempotency_key,
      purchaseOrderId: body.purchase_order_id,
      supplierId: body.supplier_id,
      storeId: body.store_id,
      note: body.note,
      lines: body.lines.map((line) => ({
        purchaseOrderLineId: line.purchase_order_line_id,
        productId: line.product_id,
        quantity: line.quantity,
        unitCost: line.unit_cost,
        batchNumber: line.batch_number,
        expiryDate: line.expiry_date,
      })),
    };
    const { replayed, receipt, purchaseOrder } = await receiveGoods(c.var.services.database, c.var.tenant, input);
    return c.json({ receipt: receiptWire(receipt), purchase_order: purchaseOrder && orderWire(purchaseOrder) }, replayed ? 200 : 201);
  });

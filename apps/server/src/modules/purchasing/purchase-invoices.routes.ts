import { OpenAPIHono, z } from '@hono/zod-openapi';
import { AGED_PAYABLE_BUCKETS, isoDateInput, multiLine, singleLine } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { attachInvoiceFile, attachmentUrlOf } from './attach-invoice-file.ts';
import { createPurchaseInvoice } from './create-purchase-invoice.ts';
import { exportPurchaseInvoices, INVOICE_CSV_COLUMNS } from './export-purchase-invoices.ts';
import { getAgedPayables } from './get-aged-payables.ts';
import { getPurchaseInvoice } from './get-purchase-invoice.ts';
import { listPurchaseInvoices } from './list-purchase-invoices.ts';
import type { PurchaseInvoiceView } from './read-purchase-invoice.ts';
import { minorAmount } from './purchasing-input.ts';
import { agedPayablesWire, invoiceSummaryWire, invoiceWire } from './purchasing-wire.ts';
import { recordSupplierPayment } from './record-supplier-payment.ts';

/** SPEC §2 /purchases/invoices (purchase_orders); payables are the purchasing side's money: can_make_orders (issue 13 item 6). */
const payables = business({ feature: 'purchase_orders', adminPermission: 'can_make_orders' });

const paymentStatus = z.enum(['unpaid', 'partly_paid', 'paid']);

const invoiceSummarySchema = z.object({
  id: z.uuid(),
  supplier: z.object({ id: z.uuid(), name: z.string() }),
  invoice_number: z.string(),
  invoice_date: z.string(),
  due_date: z.string(),
  currency: z.string(),
  net: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  paid_total: z.number().int(),
  balance: z.number().int(),
  status: paymentStatus,
  days_overdue: z.number().int(),
  created_at: z.string(),
});

const invoiceSchema = invoiceSummarySchema
  .extend({
    notes: z.string().nullable(),
    attachment_name: z.string().nullable(),
    attachment_url: z.string().nullable().openapi({ description: 'Opens the attached PDF or photo for an hour' }),
    lines: z.array(
      z.object({
        id: z.uuid(),
        purchase_order_line_id: z.uuid().nullable(),
        product_id: z.uuid().nullable(),
        description: z.string(),
        quantity: z.number().int(),
        unit_cost: z.number().int(),
        tax_rate_bp: z.number().int(),
        net: z.number().int(),
        tax: z.number().int(),
        match: z
          .object({
            purchase_order_id: z.uuid(),
            purchase_order_label: z.string(),
            quantity_ordered: z.number().int(),
            unit_cost_ordered: z.number().int(),
            quantity_received: z.number().int(),
            quantity_invoiced_before: z.number().int(),
            quantity_differs: z.boolean(),
            cost_differs: z.boolean(),
            delivery_differs: z.boolean(),
            units_not_received: z.number().int(),
            amount_difference: z.number().int(),
            matched: z.boolean(),
          })
          .nullable(),
      }),
    ),
    payments: z.array(z.object({ id: z.uuid(), amount: z.number().int(), paid_on: z.string(), method: z.string(), reference: z.string().nullable(), created_at: z.string() })),
  })
  .openapi('PurchaseInvoice');

const idParams = z.object({ id: z.uuid() });
const bucketsSchema = z.object(Object.fromEntries(AGED_PAYABLE_BUCKETS.map((bucket) => [bucket, z.number().int()])) as Record<(typeof AGED_PAYABLE_BUCKETS)[number], z.ZodNumber>);

const listRoute = defineRoute({
  method: 'get',
  path: '/api/purchase-invoices',
  access: payables,
  tags: ['purchasing'],
  summary: 'Purchasing invoices by due date, optionally of one payment status or supplier; a page at a time',
  request: {
    query: z.strictObject({
      status: paymentStatus.optional(),
      supplier_id: z.uuid().optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      cursor: z.string().max(1000).optional(),
    }),
  },
  responses: { 200: jsonResponse(z.object({ invoices: z.array(invoiceSummarySchema), next_cursor: z.string().nullable() }), 'One page'), ...errorResponses(400, 401, 403) },
});

const agedRoute = defineRoute({
  method: 'get',
  path: '/api/purchase-invoices/aged-payables',
  access: payables,
  tags: ['purchasing'],
  summary: 'Open balances by supplier and age (current, 1–30, 31–60, 61–90, 90+ days overdue) on as_of, default today',
  request: { query: z.strictObject({ as_of: isoDateInput().optional() }) },
  responses: {
    200: jsonResponse(
      z.object({
        as_of: z.string(),
        currency: z.string(),
        suppliers: z.array(z.object({ supplier_id: z.uuid(), supplier_name: z.string(), buckets: bucketsSchema, total: z.number().int() })),
        totals: bucketsSchema,
        total: z.number().int(),
      }),
      'Aged payables',
    ),
    ...errorResponses(400, 401, 403),
  },
});

const exportRoute = defineRoute({
  method: 'get',
  path: '/api/purchase-invoices/export.csv',
  access: payables,
  tags: ['purchasing'],
  summary: 'Every purchasing invoice as CSV',
  responses: { 200: { description: `CSV: ${INVOICE_CSV_COLUMNS.join(', ')}`, content: { 'text/csv': { schema: z.string() } } }, ...errorResponses(401, 403) },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/purchase-invoices',
  access: payables,
  tags: ['purchasing'],
  summary:
    'Enter a supplier invoice; lines naming purchase_order_line_id are matched three ways. Due date defaults to the invoice date plus the supplier’s terms. ' +
    'A client-generated idempotency_key makes a retry return the first invoice (200).',
  request: {
    body: jsonBody(
      z.strictObject({
        idempotency_key: z.uuid('idempotency_key is a client-generated UUID'),
        supplier_id: z.uuid(),
        invoice_number: singleLine(z.string().trim().min(1, 'Enter the supplier’s invoice number').max(100)),
        invoice_date: isoDateInput(),
        due_date: isoDateInput().optional(),
        notes: multiLine(z.string().max(2000)).nullable().optional(),
        lines: z
          .array(
            z.strictObject({
              purchase_order_line_id: z.uuid().optional(),
              product_id: z.uuid().optional(),
              description: singleLine(z.string().max(300)).optional(),
              quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000),
              unit_cost: minorAmount,
              tax_rate_bp: z.number().int().min(0).max(10_000).optional(),
            }),
          )
          .min(1, 'Add at least one line')
          .max(1000),
      }),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ invoice: invoiceSchema }), 'Entered'),
    200: jsonResponse(z.object({ invoice: invoiceSchema }), 'A retry: the first invoice'),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

const getRoute = defineRoute({
  method: 'get',
  path: '/api/purchase-invoices/{id}',
  access: payables,
  tags: ['purchasing'],
  summary: 'A purchasing invoice: lines with their three-way match, payments, balance',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ invoice: invoiceSchema }), 'The invoice'), ...errorResponses(400, 401, 403, 404) },
});

const payRoute = defineRoute({
  method: 'post',
  path: '/api/purchase-invoices/{id}/payments',
  access: payables,
  tags: ['purchasing'],
  summary: 'Record a payment to the supplier (at most the open balance); a client-generated idempotency_key makes a retry a replay (200)',
  request: {
    params: idParams,
    body: jsonBody(
      z.strictObject({
        idempotency_key: z.uuid('idempotency_key is a client-generated UUID'),
        amount: minorAmount.min(1, 'must be at least 1'),
        paid_on: isoDateInput(),
        method: z.enum(['bank_transfer', 'cash', 'card', 'cheque', 'other']),
        reference: singleLine(z.string().max(200)).nullable().optional(),
      }),
    ),
  },
  responses: {
    201: jsonResponse(z.object({ invoice: invoiceSchema }), 'Recorded'),
    200: jsonResponse(z.object({ invoice: invoiceSchema }), 'A retry: the invoice after the first payment'),
    ...errorResponses(400, 401, 403, 404, 409, 422),
  },
});

const attachRoute = defineRoute({
  method: 'put',
  path: '/api/purchase-invoices/{id}/attachment',
  access: payables,
  tags: ['purchasing'],
  summary: "Attach the supplier's PDF or photo, first uploaded to the 'purchase-invoices' storage bucket, by its object name (null detaches); 404 for an object that does not exist",
  request: { params: idParams, body: jsonBody(z.strictObject({ name: singleLine(z.string().min(1).max(500)).nullable() })) },
  responses: { 200: jsonResponse(z.object({ invoice: invoiceSchema }), 'Attached'), ...errorResponses(400, 401, 403, 404) },
});

const withUrl = async (c: { var: AppEnv['Variables'] }, invoice: PurchaseInvoiceView) =>
  invoiceWire(invoice, await attachmentUrlOf(c.var.services.storage, c.var.tenant.businessId, invoice.attachmentName));

// Fixed paths first: "aged-payables" and "export.csv" must not be read as ids.
export const purchaseInvoicesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(agedRoute, async (c) => {
    return c.json(agedPayablesWire(await getAgedPayables(c.var.services.database, c.var.tenant.businessId, c.req.valid('query').as_of, new Date())), 200);
  })
  .openapi(exportRoute, async (c) => {
    const csv = await exportPurchaseInvoices(c.var.services.database, c.var.tenant.businessId, new Date());
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="purchasing-invoices-${new Date().toISOString().slice(0, 10)}.csv"`,
    });
  })
  .openapi(listRoute, async (c) => {
    const query = c.req.valid('query');
    const page = await listPurchaseInvoices(c.var.services.database, c.var.tenant.businessId, { status: query.status, supplierId: query.supplier_id, limit: query.limit, cursor: query.cursor }, new Date());
    return c.json({ invoices: page.invoices.map(invoiceSummaryWire), next_cursor: page.nextCursor }, 200);
  })
  .openapi(createRoute, async (c) => {
    const body = c.req.valid('json');
    const input = {
      idempotencyKey: body.idempotency_key,
      supplierId: body.supplier_id,
      invoiceNumber: body.invoice_number,
      invoiceDate: body.invoice_date,
      dueDate: body.due_date,
      notes: body.notes,
      lines: body.lines.map((line) => ({
        purchaseOrderLineId: line.purchase_order_line_id,
        productId: line.product_id,
        description: line.description,
        quantity: line.quantity,
        unitCost: line.unit_cost,
        taxRateBp: line.tax_rate_bp,
      })),
    };
    const { replayed, invoice } = await createPurchaseInvoice(c.var.services.database, c.var.tenant, input, new Date());
    return c.json({ invoice: await withUrl(c, invoice) }, replayed ? 200 : 201);
  })
  .openapi(getRoute, async (c) => {
    const invoice = await getPurchaseInvoice(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id, new Date());
    return c.json({ invoice: await withUrl(c, invoice) }, 200);
  })
  .openapi(attachRoute, async (c) => {
    const invoice = await attachInvoiceFile(c.var.services.database, c.var.services.storage, c.var.tenant, c.req.valid('param').id, c.req.valid('json').name, new Date());
    return c.json({ invoice: await withUrl(c, invoice) }, 200);
  })
  .openapi(payRoute, async (c) => {
    const body = c.req.valid('json');
    const input = { idempotencyKey: body.idempotency_key, amount: body.amount, paidOn: body.paid_on, method: body.method, reference: body.reference };
    const { replayed, invoice } = await recordSupplierPayment(c.var.services.database, c.var.tenant, c.req.valid('param').id, input, new Date());
    return c.json({ invoice: await withUrl(c, invoice) }, replayed ? 200 : 201);
  });

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
import { minorAmount } from './purchasing-input.ts';
import { recordSupplierPayment } from './record-supplier-payment.ts';

/** SPEC §2 /purchases/invoices (purchase_orders); payables are the purchasing side's money: can_make_orders (issue 13 item 6). */
const payables = business({ feature: 'purchase_orders', adminPermission: 'can_make_orders' });

const paymentStatus = z.enum(['unpaid', 'partly_paid', 'paid']);

const invoiceSummarySchema = z.object({
  id: z.uuid(),
  supplier: z.object({ id: z.uuid(), name: z.string() }),
  invoiceNumber: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  currency: z.string(),
  net: z.number().int(),
  tax: z.number().int(),
  total: z.number().int(),
  paidTotal: z.number().int(),
  balance: z.number().int(),
  status: paymentStatus,
  daysOverdue: z.number().int(),
  createdAt: z.string(),
});

const invoiceSchema = invoiceSummarySchema
  .extend({
    notes: z.string().nullable(),
    attachmentName: z.string().nullable(),
    attachmentUrl: z.string().nullable().openapi({ description: 'Opens the attached PDF or photo for an hour' }),
    lines: z.array(
      z.object({
        id: z.uuid(),
        purchaseOrderLineId: z.uuid().nullable(),
        productId: z.uuid().nullable(),
        description: z.string(),
        quantity: z.number().int(),
        unitCost: z.number().int(),
        taxRateBp: z.number().int(),
        net: z.number().int(),
        tax: z.number().int(),
        match: z
          .object({
            purchaseOrderId: z.uuid(),
            purchaseOrderLabel: z.string(),
            quantityOrdered: z.number().int(),
            unitCostOrdered: z.number().int(),
            quantityReceived: z.number().int(),
            quantityInvoicedBefore: z.number().int(),
            quantityDiffers: z.boolean(),
            costDiffers: z.boolean(),
            deliveryDiffers: z.boolean(),
            unitsNotReceived: z.number().int(),
            amountDifference: z.number().int(),
            matched: z.boolean(),
          })
          .nullable(),
      }),
    ),
    payments: z.array(z.object({ id: z.uuid(), amount: z.number().int(), paidOn: z.string(), method: z.string(), reference: z.string().nullable(), createdAt: z.string() })),
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
      supplierId: z.uuid().optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      cursor: z.string().max(1000).optional(),
    }),
  },
  responses: { 200: jsonResponse(z.object({ invoices: z.array(invoiceSummarySchema), nextCursor: z.string().nullable() }), 'One page'), ...errorResponses(400, 401, 403) },
});

const agedRoute = defineRoute({
  method: 'get',
  path: '/api/purchase-invoices/aged-payables',
  access: payables,
  tags: ['purchasing'],
  summary: 'Open balances by supplier and age (current, 1–30, 31–60, 61–90, 90+ days overdue) on asOf, default today',
  request: { query: z.strictObject({ asOf: isoDateInput().optional() }) },
  responses: {
    200: jsonResponse(
      z.object({
        asOf: z.string(),
        currency: z.string(),
        suppliers: z.array(z.object({ supplierId: z.uuid(), supplierName: z.string(), buckets: bucketsSchema, total: z.number().int() })),
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
    'Enter a supplier invoice; lines naming purchaseOrderLineId are matched three ways. Due date defaults to the invoice date plus the supplier’s terms. ' +
    'A client-generated idempotencyKey makes a retry return the first invoice (200).',
  request: {
    body: jsonBody(
      z.strictObject({
        idempotencyKey: z.uuid('idempotencyKey is a client-generated UUID'),
        supplierId: z.uuid(),
        invoiceNumber: singleLine(z.string().trim().min(1, 'Enter the supplier’s invoice number').max(100)),
        invoiceDate: isoDateInput(),
        dueDate: isoDateInput().optional(),
        notes: multiLine(z.string().max(2000)).nullable().optional(),
        lines: z
          .array(
            z.strictObject({
              purchaseOrderLineId: z.uuid().optional(),
              productId: z.uuid().optional(),
              description: singleLine(z.string().max(300)).optional(),
              quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000),
              unitCost: minorAmount,
              taxRateBp: z.number().int().min(0).max(10_000).optional(),
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
  summary: 'Record a payment to the supplier (at most the open balance); a client-generated idempotencyKey makes a retry a replay (200)',
  request: {
    params: idParams,
    body: jsonBody(
      z.strictObject({
        idempotencyKey: z.uuid('idempotencyKey is a client-generated UUID'),
        amount: minorAmount.min(1, 'must be at least 1'),
        paidOn: isoDateInput(),
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

// Fixed paths first: "aged-payables" and "export.csv" must not be read as ids.
export const purchaseInvoicesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(agedRoute, async (c) => {
    return c.json(await getAgedPayables(c.var.services.database, c.var.tenant.businessId, c.req.valid('query').asOf, new Date()), 200);
  })
  .openapi(exportRoute, async (c) => {
    const csv = await exportPurchaseInvoices(c.var.services.database, c.var.tenant.businessId, new Date());
    return c.body(csv, 200, {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="purchasing-invoices-${new Date().toISOString().slice(0, 10)}.csv"`,
    });
  })
  .openapi(listRoute, async (c) => {
    return c.json(await listPurchaseInvoices(c.var.services.database, c.var.tenant.businessId, c.req.valid('query'), new Date()), 200);
  })
  .openapi(createRoute, async (c) => {
    const { replayed, invoice } = await createPurchaseInvoice(c.var.services.database, c.var.tenant, c.req.valid('json'), new Date());
    return c.json({ invoice: { ...invoice, attachmentUrl: await attachmentUrlOf(c.var.services.storage, c.var.tenant.businessId, invoice.attachmentName) } }, replayed ? 200 : 201);
  })
  .openapi(getRoute, async (c) => {
    const invoice = await getPurchaseInvoice(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id, new Date());
    return c.json({ invoice: { ...invoice, attachmentUrl: await attachmentUrlOf(c.var.services.storage, c.var.tenant.businessId, invoice.attachmentName) } }, 200);
  })
  .openapi(attachRoute, async (c) => {
    const invoice = await attachInvoiceFile(c.var.services.database, c.var.services.storage, c.var.tenant, c.req.valid('param').id, c.req.valid('json').name, new Date());
    return c.json({ invoice: { ...invoice, attachmentUrl: await attachmentUrlOf(c.var.services.storage, c.var.tenant.businessId, invoice.attachmentName) } }, 200);
  })
  .openapi(payRoute, async (c) => {
    const { replayed, invoice } = await recordSupplierPayment(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json'), new Date());
    return c.json({ invoice: { ...invoice, attachmentUrl: await attachmentUrlOf(c.var.services.storage, c.var.tenant.businessId, invoice.attachmentName) } }, replayed ? 200 : 201);
  });

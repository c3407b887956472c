import { OpenAPIHono, z } from '@hono/zod-openapi';
import { INVOICE_DISPLAY_STATUS_VALUES, INVOICE_PAYMENT_METHODS, INVOICE_STATUS_VALUES, isoDateInput, multiLine, PAYMENT_TERMS_VALUES, singleLine } from '@till/core';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { createCreditNote } from './create-credit-note.ts';
import { createDraftInvoiceFromLines } from './create-draft-invoice.ts';
import { createInvoiceFromOrder } from './create-invoice-from-order.ts';
import { deleteInvoice } from './delete-invoice.ts';
import { getInvoice } from './get-invoice.ts';
import { MAX_INVOICE_LINES } from './invoice-lines.ts';
import { creditNoteInputOf, draftInputOf, fromOrderInputOf, invoiceChoicesWire, invoicePageWire, invoiceWire, payableInvoicesWire, paymentInputOf } from './invoice-wire.ts';
import { issueInvoice } from './issue-invoice.ts';
import { listPayableInvoices } from './pay-invoice-at-till.ts';
import { listInvoiceChoices } from './list-invoice-choices.ts';
import { listInvoices } from './list-invoices.ts';
import { recordInvoicePayment } from './record-invoice-payment.ts';
import { renderInvoicePdf } from './render-invoice-pdf.ts';
import { sendInvoice } from './send-invoice.ts';
import { updateInvoice } from './update-invoice.ts';
import { voidInvoice } from './void-invoice.ts';

/**
 * Customer invoices (issue 18 item 4, decision 031). SPEC §2 gates /invoices on
 * invoice_generation. SPEC §6 has no invoices row: reading them is reports access (the owner,
 * admins, managers, employees with can_access_reports); writing them (drafts, issuing, sending,
 * payments, credit notes, voids) is can_make_orders (the owner, or an admin granted it).
 */
const read = business({ feature: 'invoice_generation', employeeFeature: 'reports' });
const write = business({ feature: 'invoice_generation', adminPermission: 'can_make_orders' });

const minorAmount = z.number().int('must be whole minor units (1250 for 12.50)').min(0, 'must not be negative').max(1_000_000_000_000);
const optionalText = (max: number) => multiLine(z.string().max(max)).nullable().optional();
const optionalLine = (max: number) => singleLine(z.string().max(max)).nullable().optional();
const email = z
  .union([z.literal(''), z.email('Enter a valid email address').max(254)])
  .nullable()
  .optional()
  .transform((value) => (value ? value : null));

const lineInput = z.strictObject({
  description: singleLine(z.string().trim().min(1, 'Describe the line').max(500)),
  quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000),
  unit_price: minorAmount,
  /** One of the business's tax rates; null or absent for no tax. */
  tax_rate_id: z.uuid().nullable().optional(),
});

const customerFields = {
  customer_id: z.uuid().nullable().optional(),
  customer_name: optionalLine(200),
  customer_email: email,
  customer_address: optionalText(1000),
};

const draftInput = z.strictObject({
  ...customerFields,
  payment_terms: z.enum(PAYMENT_TERMS_VALUES),
  notes: optionalText(2000),
  payment_instructions: optionalText(2000),
  prices_include_tax: z.boolean().optional(),
  lines: z.array(lineInput).max(MAX_INVOICE_LINES),
});

const fromOrderInput = z.strictObject({
  order_id: z.uuid(),
  ...customerFields,
  payment_terms: z.enum(PAYMENT_TERMS_VALUES),
  notes: optionalText(2000),
  payment_instructions: optionalText(2000),
});

const statusSchema = z.enum(INVOICE_STATUS_VALUES);
const displayStatusSchema = z.enum(INVOICE_DISPLAY_STATUS_VALUES);

const listItemFields = {
  id: z.uuid(),
  number: z.number().int().nullable(),
  label: z.string().nullable(),
  status: statusSchema,
  display_status: displayStatusSchema,
  customer_name: z.string(),
  customer_email: z.string().nullable(),
  currency: z.string(),
  issue_date: z.string().nullable(),
  due_date: z.string().nullable(),
  total: z.number().int(),
  balance: z.number().int(),
  created_at: z.string(),
};

const invoiceListItemSchema = z.object(listItemFields).openapi('InvoiceListItem');

const invoiceSchema = z
  .object({
    ...listItemFields,
    customer: z.object({ id: z.uuid().nullable(), name: z.string(), email: z.string().nullable(), address: z.string().nullable() }),
    order_id: z.uuid().nullable(),
    prices_include_tax: z.boolean(),
    payment_terms: z.enum(PAYMENT_TERMS_VALUES),
    notes: z.string().nullable(),
    payment_instructions: z.string().nullable(),
    net: z.number().int(),
    tax: z.number().int(),
    paid_total: z.number().int(),
    credited_total: z.number().int(),
    tax_by_rate: z.array(z.object({ rate_bp: z.number().int(), net: z.number().int(), tax: z.number().int() })),
    lines: z.array(
      z.object({
        id: z.uuid(),
        description: z.string(),
        quantity: z.number().int(),
        unit_price: z.number().int(),
        discount: z.number().int(),
        tax_rate_id: z.uuid().nullable(),
        tax_rate_name: z.string().nullable(),
        tax_rate_bp: z.number().int(),
        net: z.number().int(),
        tax: z.number().int(),
        total: z.number().int(),
        credited_quantity: z.number().int(),
      }),
    ),
    payments: z.array(z.object({ id: z.uuid(), amount: z.number().int(), method: z.string(), paid_on: z.string(), reference: z.string().nullable(), created_at: z.string() })),
    credit_notes: z.array(
      z.object({
        id: z.uuid(),
        number: z.number().int(),
        label: z.string(),
        issue_date: z.string(),
        reason: z.string().nullable(),
        net: z.number().int(),
        tax: z.number().int(),
        total: z.number().int(),
        lines: z.array(z.object({ invoice_line_id: z.uuid(), description: z.string(), quantity: z.number().int(), net: z.number().int(), tax: z.number().int(), total: z.number().int() })),
      }),
    ),
    sent_at: z.string().nullable(),
    emailed_to: z.string().nullable(),
    voided_at: z.string().nullable(),
    void_reason: z.string().nullable(),
    updated_at: z.string(),
  })
  .openapi('Invoice');

const invoiceAnswer = z.object({ invoice: invoiceSchema });
const idParams = z.object({ id: z.uuid() });
const tags = ['invoices'];

const listRoute = defineRoute({
  method: 'get',
  path: '/api/invoices',
  access: read,
  tags,
  summary: 'Invoices newest first, filtered by status (overdue = open and past due) and searched by customer or number (q); with what is outstanding and overdue',
  request: {
    query: z.strictObject({
      status: displayStatusSchema.optional(),
      q: singleLine(z.string().max(200)).optional(),
      limit: z.coerce.number().int().min(1).max(100).default(50),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
    }),
  },
  responses: {
    200: jsonResponse(
      z.object({
        invoices: z.array(invoiceListItemSchema),
        has_more: z.boolean(),
        currency: z.string(),
        summary: z.object({ outstanding: z.number().int(), overdue: z.number().int(), open_count: z.number().int(), overdue_count: z.number().int() }),
      }),
      'One page of invoices',
    ),
    ...errorResponses(400, 401, 403),
  },
});

const choicesRoute = defineRoute({
  method: 'get',
  path: '/api/invoices/choices',
  access: read,
  tags,
  summary: 'What the invoice form picks from: tax rates, customers matching q, recent completed orders',
  request: { query: z.strictObject({ q: singleLine(z.string().max(200)).optional() }) },
  responses: {
    200: jsonResponse(
      z.object({
        tax_rates: z.array(z.object({ id: z.uuid(), name: z.string(), basis_points: z.number().int(), is_default: z.boolean() })),
        customers: z.array(z.object({ id: z.uuid(), name: z.string(), email: z.string().nullable() })),
        orders: z.array(z.object({ id: z.uuid(), number: z.number().int().nullable(), total: z.number().int(), paid_at: z.string().nullable(), customer_name: z.string().nullable() })),
      }),
      'Choices',
    ),
    ...errorResponses(400, 401, 403),
  },
});

const payableRoute = defineRoute({
  method: 'get',
  path: '/api/invoices/payable',
  access: business({ feature: 'pos_system', employeeFeature: 'pos' }),
  tags,
  summary: 'For the till: unpaid issued invoices by number ("INV-0007" or "7") or customer name (at most 20), to pay through POST /api/checkout with invoice_id',
  request: { query: z.strictObject({ q: singleLine(z.string().max(200)).optional() }) },
  responses: {
    200: jsonResponse(
      z.object({
        invoices: z.array(
          z.object({ id: z.uuid(), number: z.number().int(), label: z.string(), customer_name: z.string(), currency: z.string(), due_date: z.string().nullable(), total: z.number().int(), balance: z.number().int() }),
        ),
      }),
      'Invoices the till can take payment for',
    ),
    ...errorResponses(400, 401, 403),
  },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/invoices',
  access: write,
  tags,
  summary: 'A draft invoice typed by hand: a customer of the business or a typed name/e-mail/address, lines with the business’s tax rates; no number until issued',
  request: { body: jsonBody(draftInput) },
  responses: { 201: jsonResponse(invoiceAnswer, 'Draft created'), ...errorResponses(400, 401, 403, 422) },
});

const fromOrderRoute = defineRoute({
  method: 'post',
  path: '/api/invoices/from-order',
  access: write,
  tags,
  summary: 'A draft invoice with the lines of a completed order (same prices, tax and discounts); its customer unless another is given',
  request: { body: jsonBody(fromOrderInput) },
  responses: { 201: jsonResponse(invoiceAnswer, 'Draft created'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const getRoute = defineRoute({
  method: 'get',
  path: '/api/invoices/{id}',
  access: read,
  tags,
  summary: 'One invoice with its lines, tax by rate, payments and credit notes',
  request: { params: idParams },
  responses: { 200: jsonResponse(invoiceAnswer, 'The invoice'), ...errorResponses(400, 401, 403, 404) },
});

const updateRoute = defineRoute({
  method: 'put',
  path: '/api/invoices/{id}',
  access: write,
  tags,
  summary: 'Replace a draft’s customer, terms, texts and lines (409 once issued: void it or issue a credit note)',
  request: { params: idParams, body: jsonBody(draftInput) },
  responses: { 200: jsonResponse(invoiceAnswer, 'Draft saved'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const deleteRoute = defineRoute({
  method: 'delete',
  path: '/api/invoices/{id}',
  access: write,
  tags,
  summary: 'Delete a draft (409 once issued)',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ deleted: z.literal(true) }), 'Deleted'), ...errorResponses(400, 401, 403, 404, 409) },
});

const issueRoute = defineRoute({
  method: 'post',
  path: '/api/invoices/{id}/issue',
  access: write,
  tags,
  summary: 'draft → issued: the next invoice number (no gaps), the issue date (today unless given) and the due date from the terms',
  request: { params: idParams, body: jsonBody(z.strictObject({ issue_date: isoDateInput().optional() })) },
  responses: { 200: jsonResponse(invoiceAnswer, 'Issued'), ...errorResponses(400, 401, 403, 404, 409) },
});

const sendRoute = defineRoute({
  method: 'post',
  path: '/api/invoices/{id}/send',
  access: write,
  tags,
  summary: 'E-mail the invoice with its PDF (outbox; SMTP when configured) to the given address or the customer’s; an issued invoice becomes sent',
  request: { params: idParams, body: jsonBody(z.strictObject({ email: z.email('Enter a valid email address').max(254).optional() })) },
  responses: { 200: jsonResponse(invoiceAnswer.extend({ emailed_to: z.string() }), 'Queued'), ...errorResponses(400, 401, 403, 404, 409) },
});

const pdfRoute = defineRoute({
  method: 'get',
  path: '/api/invoices/{id}/pdf',
  access: read,
  tags,
  summary: 'The invoice as an A4 PDF',
  request: { params: idParams },
  responses: { 200: { description: 'PDF', content: { 'application/pdf': { schema: z.string().openapi({ format: 'binary' }) } } }, ...errorResponses(400, 401, 403, 404, 409) },
});

const paymentRoute = defineRoute({
  method: 'post',
  path: '/api/invoices/{id}/payments',
  access: write,
  tags,
  summary: 'Record a customer’s payment (at most what is owed: 422 beyond); the same idempotency key again returns the first result (200)',
  request: {
    params: idParams,
    body: jsonBody(
      z.strictObject({
        idempotency_key: z.uuid(),
        amount: minorAmount.min(1, 'must be more than nothing'),
        method: z.enum(INVOICE_PAYMENT_METHODS),
        paid_on: isoDateInput(),
        reference: optionalLine(200),
      }),
    ),
  },
  responses: { 201: jsonResponse(invoiceAnswer, 'Recorded'), 200: jsonResponse(invoiceAnswer, 'A retry: the first result'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const creditNoteRoute = defineRoute({
  method: 'post',
  path: '/api/invoices/{id}/credit-notes',
  access: write,
  tags,
  summary: 'A credit note (CN-0001…, own series without gaps) for all lines (lines omitted) or some quantities of some lines; reduces what is owed',
  request: {
    params: idParams,
    body: jsonBody(
      z.strictObject({
        idempotency_key: z.uuid(),
        reason: optionalText(1000),
        lines: z
          .array(z.strictObject({ invoice_line_id: z.uuid(), quantity: z.number().int('must be a whole number').min(1, 'must be at least 1').max(1_000_000) }))
          .min(1)
          .max(MAX_INVOICE_LINES)
          .optional(),
      }),
    ),
  },
  responses: { 201: jsonResponse(invoiceAnswer, 'Credited'), 200: jsonResponse(invoiceAnswer, 'A retry: the first result'), ...errorResponses(400, 401, 403, 404, 409, 422) },
});

const voidRoute = defineRoute({
  method: 'post',
  path: '/api/invoices/{id}/void',
  access: write,
  tags,
  summary: 'Void an issued invoice with nothing paid or credited; it keeps its number',
  request: { params: idParams, body: jsonBody(z.strictObject({ reason: optionalText(1000) })) },
  responses: { 200: jsonResponse(invoiceAnswer, 'Voided'), ...errorResponses(400, 401, 403, 404, 409) },
});

export const invoicesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(listRoute, async (c) => c.json(invoicePageWire(await listInvoices(c.var.services.database, c.var.tenant.businessId, c.req.valid('query'), new Date())), 200))
  .openapi(choicesRoute, async (c) => c.json(invoiceChoicesWire(await listInvoiceChoices(c.var.services.database, c.var.tenant.businessId, c.req.valid('query'))), 200))
  .openapi(payableRoute, async (c) => c.json(payableInvoicesWire(await listPayableInvoices(c.var.services.database, c.var.tenant, c.req.valid('query'))), 200))
  .openapi(createRoute, async (c) => c.json({ invoice: invoiceWire(await createDraftInvoiceFromLines(c.var.services.database, c.var.tenant, draftInputOf(c.req.valid('json')))) }, 201))
  .openapi(fromOrderRoute, async (c) => c.json({ invoice: invoiceWire(await createInvoiceFromOrder(c.var.services.database, c.var.tenant, fromOrderInputOf(c.req.valid('json')))) }, 201))
  .openapi(getRoute, async (c) => c.json({ invoice: invoiceWire(await getInvoice(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id, new Date())) }, 200))
  .openapi(updateRoute, async (c) =>
    c.json({ invoice: invoiceWire(await updateInvoice(c.var.services.database, c.var.tenant, c.req.valid('param').id, draftInputOf(c.req.valid('json')), new Date())) }, 200),
  )
  .openapi(deleteRoute, async (c) => c.json(await deleteInvoice(c.var.services.database, c.var.tenant, c.req.valid('param').id), 200))
  .openapi(issueRoute, async (c) =>
    c.json({ invoice: invoiceWire(await issueInvoice(c.var.services.database, c.var.tenant, c.req.valid('param').id, { issueDate: c.req.valid('json').issue_date }, new Date())) }, 200),
  )
  .openapi(sendRoute, async (c) => {
    const { emailedTo, invoice } = await sendInvoice(c.var.services.database, c.var.services.mailer, c.var.tenant, c.req.valid('param').id, c.req.valid('json'), new Date());
    return c.json({ emailed_to: emailedTo, invoice: invoiceWire(invoice) }, 200);
  })
  .openapi(pdfRoute, async (c) => {
    const { invoice, pdf } = await renderInvoicePdf(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id, new Date());
    return c.body(new Uint8Array(pdf), 200, { 'Content-Type': 'application/pdf', 'Content-Disposition': `inline; filename="${invoice.label ?? 'draft-invoice'}.pdf"` });
  })
  .openapi(paymentRoute, async (c) => {
    const { replayed, invoice } = await recordInvoicePayment(c.var.services.database, c.var.tenant, c.req.valid('param').id, paymentInputOf(c.req.valid('json')), new Date());
    return c.json({ invoice: invoiceWire(invoice) }, replayed ? 200 : 201);
  })
  .openapi(creditNoteRoute, async (c) => {
    const { replayed, invoice } = await createCreditNote(c.var.services.database, c.var.tenant, c.req.valid('param').id, creditNoteInputOf(c.req.valid('json')), new Date());
    return c.json({ invoice: invoiceWire(invoice) }, replayed ? 200 : 201);
  })
  .openapi(voidRoute, async (c) => c.json({ invoice: invoiceWire(await voidInvoice(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json'), new Date())) }, 200));

import { OpenAPIHono, z } from '@hono/zod-openapi';
import { EXPENSE_PAYMENT_METHODS, EXPENSE_RECEIPT_MAX_BYTES, EXPENSE_RECEIPTS_BUCKET, EXPENSE_STATUSES } from '@till/core';
import type { Context } from 'hono';
import type { AppEnv } from '../../lib/context.ts';
import { errorResponses, jsonBody, jsonResponse } from '../../lib/openapi.ts';
import { business, defineRoute } from '../../lib/routing.ts';
import { uploadBodyLimit } from '../../lib/uploads.ts';
import { steppedUrlSigner } from '../storage/signed-url.ts';
import { attachReceipt, removeReceipt } from './attach-receipt.ts';
import { createExpense } from './create-expense.ts';
import { deleteExpense } from './delete-expense.ts';
import { createExpenseCategory, listExpenseCategories, listExpenseSuppliers, updateExpenseCategory } from './expense-categories.ts';
import {
  createExpenseBody,
  createExpenseInputOf,
  expenseCategoryName,
  expenseFilterQuery,
  expenseFiltersOf,
  updateExpenseBody,
  updateExpenseInputOf,
} from './expense-input.ts';
import { EXPENSES_ACCESS } from './expenses-access.ts';
import { exportExpenses, EXPENSE_CSV_COLUMNS } from './export-expenses.ts';
import { getExpense } from './get-expense.ts';
import { listExpenses } from './list-expenses.ts';
import { summarizeExpenses } from './summarize-expenses.ts';
import { updateExpense } from './update-expense.ts';

/** SPEC §6 as decision 022 reads it: can_access_reports, which owner, admin and manager always hold. */
const expensesAccess = business(EXPENSES_ACCESS);

/** The receipt upload path; app.ts lets it past its 1 MB body limit, and this route's own limit applies. */
export const EXPENSE_RECEIPT_PATH = /^\/api\/expenses\/[^/]+\/receipt$/;
const receiptBodyLimit = uploadBodyLimit(EXPENSE_RECEIPT_MAX_BYTES, 'receipt_too_large', `The receipt is larger than ${EXPENSE_RECEIPT_MAX_BYTES / 1024 / 1024} MB; take a smaller photo or scan and try again`);

const signerOf = (c: Context<AppEnv>) => steppedUrlSigner(c.var.services.config.authSecret, c.var.tenant.businessId, EXPENSE_RECEIPTS_BUCKET);

const expenseSchema = z
  .object({
    id: z.uuid(),
    payee: z.object({ supplier_id: z.uuid().nullable(), name: z.string() }),
    category_id: z.uuid(),
    category_name: z.string(),
    date: z.string().openapi({ description: 'YYYY-MM-DD' }),
    currency: z.string(),
    amount: z.number().int().openapi({ description: 'Minor units, tax included' }),
    tax_amount: z.number().int(),
    payment_method: z.enum(EXPENSE_PAYMENT_METHODS),
    paid_from_drawer: z.boolean(),
    status: z.enum(EXPENSE_STATUSES),
    due_date: z.string().nullable(),
    notes: z.string().nullable(),
    receipt: z
      .object({ url: z.string().openapi({ description: 'Signed URL, valid for about an hour' }), content_type: z.string(), size: z.number().int(), file_name: z.string() })
      .nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('Expense');

const categorySchema = z.object({ id: z.uuid(), name: z.string(), archived: z.boolean() }).openapi('ExpenseCategory');
const sumsSchema = { count: z.number().int(), amount: z.number().int(), tax_amount: z.number().int() };
const summarySchema = z
  .object({
    currency: z.string(),
    ...sumsSchema,
    unpaid_amount: z.number().int(),
    by_category: z.array(z.object({ category_id: z.uuid(), name: z.string(), ...sumsSchema })),
    by_month: z.array(z.object({ month: z.string().openapi({ description: 'YYYY-MM' }), ...sumsSchema })),
  })
  .openapi('ExpenseSummary');

const idParams = z.object({ id: z.uuid() });
const expenseResponse = (description: string) => jsonResponse(z.object({ expense: expenseSchema }), description);

const listRoute = defineRoute({
  method: 'get',
  path: '/api/expenses',
  access: expensesAccess,
  tags: ['expenses'],
  summary: 'Expenses, newest date first, filtered by date range, category, status, supplier or payee name; a page at a time',
  request: {
    query: z.strictObject({ ...expenseFilterQuery, limit: z.coerce.number().int().min(1).max(100).default(50), cursor: z.string().max(1000).optional() }),
  },
  responses: {
    200: jsonResponse(z.object({ expenses: z.array(expenseSchema), next_cursor: z.string().nullable() }), 'One page of expenses'),
    ...errorResponses(400, 401, 403),
  },
});

const summaryRoute = defineRoute({
  method: 'get',
  path: '/api/expenses/summary',
  access: expensesAccess,
  tags: ['expenses'],
  summary: 'Totals of the expenses the same filters find: in all, unpaid, by category and by month',
  request: { query: z.strictObject(expenseFilterQuery) },
  responses: { 200: jsonResponse(summarySchema, 'Totals in minor units'), ...errorResponses(400, 401, 403) },
});

const exportRoute = defineRoute({
  method: 'get',
  path: '/api/expenses/export.csv',
  access: expensesAccess,
  tags: ['expenses'],
  summary: 'The expenses the same filters find, as CSV; money as decimal text in the business currency',
  request: { query: z.strictObject(expenseFilterQuery) },
  responses: {
    200: { description: `CSV: ${EXPENSE_CSV_COLUMNS.join(', ')}`, content: { 'text/csv': { schema: z.string() } } },
    ...errorResponses(400, 401, 403),
  },
});

const createRoute = defineRoute({
  method: 'post',
  path: '/api/expenses',
  access: expensesAccess,
  tags: ['expenses'],
  summary: 'Record an expense (201); a retry with the same idempotency_key returns the first one (200)',
  description:
    'Send a client-generated UUID idempotency_key: a retry returns the first expense (200); the same key with a different body is a 409. ' +
    'The payee is supplier_id (a supplier of this business) or payee_name, not both. amount is tax included and tax_amount at most amount, ' +
    'both whole minor units. An unpaid expense needs due_date; paid_from_drawer only for a paid cash expense. ' +
    '422 expense_category_not_found / expense_category_archived / supplier_not_found for ids that are not this business’s.',
  request: { body: jsonBody(createExpenseBody) },
  responses: {
    201: expenseResponse('Expense recorded'),
    200: expenseResponse('A retry with the same idempotency key: the first expense'),
    ...errorResponses(400, 401, 403, 409, 422),
  },
});

const getRoute = defineRoute({
  method: 'get',
  path: '/api/expenses/{id}',
  access: expensesAccess,
  tags: ['expenses'],
  summary: 'One expense',
  request: { params: idParams },
  responses: { 200: expenseResponse('The expense'), ...errorResponses(400, 401, 403, 404) },
});

const updateRoute = defineRoute({
  method: 'patch',
  path: '/api/expenses/{id}',
  access: expensesAccess,
  tags: ['expenses'],
  summary: 'Edit an expense; only the fields sent change; audited with each old and new value',
  request: { params: idParams, body: jsonBody(updateExpenseBody) },
  responses: { 200: expenseResponse('The expense as it is now'), ...errorResponses(400, 401, 403, 404, 422) },
});

const deleteRoute = defineRoute({
  method: 'delete',
  path: '/api/expenses/{id}',
  access: expensesAccess,
  tags: ['expenses'],
  summary: 'Delete an expense and its receipt; the audit log keeps what it was',
  request: { params: idParams },
  responses: { 200: jsonResponse(z.object({ deleted: z.literal(true) }), 'Deleted'), ...errorResponses(400, 401, 403, 404) },
});

const attachReceiptRoute = defineRoute({
  method: 'post',
  path: '/api/expenses/{id}/receipt',
  access: expensesAccess,
  tags: ['expenses'],
  summary: 'Attach the receipt: multipart/form-data with a file field, a JPEG, PNG or WebP photo or a PDF of at most 20 MB; replaces any earlier one',
  middleware: [receiptBodyLimit],
  request: {
    params: idParams,
    body: {
      required: true,
      content: {
        'multipart/form-data': {
          schema: z.object({
            file: z.instanceof(File, { message: 'Attach the receipt as the "file" field' }).openapi({ type: 'string', format: 'binary' }),
          }),
        },
      },
    },
  },
  responses: { 200: expenseResponse('The expense with its receipt'), ...errorResponses(400, 401, 403, 404, 413, 415, 422) },
});

const removeReceiptRoute = defineRoute({
  method: 'delete',
  path: '/api/expenses/{id}/receipt',
  access: expensesAccess,
  tags: ['expenses'],
  summary: 'Remove the receipt from an expense and from storage',
  request: { params: idParams },
  responses: { 200: expenseResponse('The expense without a receipt'), ...errorResponses(400, 401, 403, 404) },
});

const categoriesRoute = defineRoute({
  method: 'get',
  path: '/api/expenses/categories',
  access: expensesAccess,
  tags: ['expenses'],
  summary: 'The business’s expense categories by name, archived ones marked; a new business starts with Rent, Utilities, Supplies, Wages, Repairs and Other',
  responses: { 200: jsonResponse(z.object({ categories: z.array(categorySchema) }), 'Categories'), ...errorResponses(401, 403) },
});

const createCategoryRoute = defineRoute({
  method: 'post',
  path: '/api/expenses/categories',
  access: expensesAccess,
  tags: ['expenses'],
  summary: 'Add an expense category (409 expense_category_exists for a name taken in any case)',
  request: { body: jsonBody(z.strictObject({ name: expenseCategoryName })) },
  responses: { 201: jsonResponse(z.object({ category: categorySchema }), 'Added'), ...errorResponses(400, 401, 403, 409) },
});

const updateCategoryRoute = defineRoute({
  method: 'patch',
  path: '/api/expenses/categories/{id}',
  access: expensesAccess,
  tags: ['expenses'],
  summary: 'Rename an expense category, or archive it (no longer offered; its expenses keep it) or bring it back; audited',
  request: {
    params: idParams,
    body: jsonBody(
      z
        .strictObject({ name: expenseCategoryName.optional(), archived: z.boolean().optional() })
        .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change'),
    ),
  },
  responses: { 200: jsonResponse(z.object({ category: categorySchema }), 'The category'), ...errorResponses(400, 401, 403, 404, 409) },
});

const suppliersRoute = defineRoute({
  method: 'get',
  path: '/api/expenses/suppliers',
  access: expensesAccess,
  tags: ['expenses'],
  summary: 'The active suppliers an expense may name as payee, by name',
  responses: { 200: jsonResponse(z.object({ suppliers: z.array(z.object({ id: z.uuid(), name: z.string() })) }), 'Suppliers'), ...errorResponses(401, 403) },
});

// Fixed paths first: "summary", "export.csv", "categories" and "suppliers" must not be read as expense ids.
export const expensesRoutes = new OpenAPIHono<AppEnv>()
  .openapi(summaryRoute, async (c) => c.json(await summarizeExpenses(c.var.services.database, c.var.tenant.businessId, expenseFiltersOf(c.req.valid('query'))), 200))
  .openapi(exportRoute, async (c) => {
    const csv = await exportExpenses(c.var.services.database, c.var.tenant.businessId, expenseFiltersOf(c.req.valid('query')));
    const date = new Date().toISOString().slice(0, 10);
    return c.body(csv, 200, { 'Content-Type': 'text/csv; charset=utf-8', 'Content-Disposition': `attachment; filename="expenses-${date}.csv"` });
  })
  .openapi(categoriesRoute, async (c) => c.json({ categories: await listExpenseCategories(c.var.services.database, c.var.tenant.businessId) }, 200))
  .openapi(createCategoryRoute, async (c) =>
    c.json({ category: await createExpenseCategory(c.var.services.database, c.var.tenant, c.req.valid('json').name) }, 201),
  )
  .openapi(updateCategoryRoute, async (c) =>
    c.json({ category: await updateExpenseCategory(c.var.services.database, c.var.tenant, c.req.valid('param').id, c.req.valid('json')) }, 200),
  )
  .openapi(suppliersRoute, async (c) => c.json({ suppliers: await listExpenseSuppliers(c.var.services.database, c.var.tenant.businessId) }, 200))
  .openapi(listRoute, async (c) => c.json(await listExpenses(c.var.services.database, c.var.tenant.businessId, expenseFiltersOf(c.req.valid('query')), signerOf(c)), 200))
  .openapi(createRoute, async (c) => {
    const { replayed, expense } = await createExpense(c.var.services.database, c.var.tenant, createExpenseInputOf(c.req.valid('json')), signerOf(c), new Date());
    return replayed ? c.json({ expense }, 200) : c.json({ expense }, 201);
  })
  .openapi(getRoute, async (c) => c.json({ expense: await getExpense(c.var.services.database, c.var.tenant.businessId, c.req.valid('param').id, signerOf(c)) }, 200))
  .openapi(updateRoute, async (c) =>
    c.json({ expense: await updateExpense(c.var.services.database, c.var.tenant, c.req.valid('param').id, updateExpenseInputOf(c.req.valid('json')), signerOf(c), new Date()) }, 200),
  )
  .openapi(deleteRoute, async (c) => {
    await deleteExpense(c.var.services.database, c.var.services.storage, c.var.tenant, c.req.valid('param').id);
    return c.json({ deleted: true as const }, 200);
  })
  .openapi(attachReceiptRoute, async (c) => {
    const { file } = c.req.valid('form');
    const bytes = new Uint8Array(await file.arrayBuffer());
    const expense = await attachReceipt(c.var.services.database, c.var.services.storage, c.var.tenant, c.req.valid('param').id, { bytes, fileName: file.name }, signerOf(c));
    return c.json({ expense }, 200);
  })
  .openapi(removeReceiptRoute, async (c) =>
    c.json({ expense: await removeReceipt(c.var.services.database, c.var.services.storage, c.var.tenant, c.req.valid('param').id, signerOf(c)) }, 200),
  );

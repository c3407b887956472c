import { z } from '@hono/zod-openapi';
import {
  EXPENSE_AMOUNT_MAX,
  EXPENSE_CATEGORY_NAME_MAX,
  EXPENSE_NOTES_MAX,
  EXPENSE_PAYEE_MAX,
  EXPENSE_PAYMENT_METHODS,
  EXPENSE_STATUSES,
  isoDateInput,
  multiLine,
  singleLine,
} from '@till/core';

/** Minor units: a whole number, so 12.345 (a fraction of a cent) is refused rather than rounded. */
const minorUnits = (what: string) =>
  z
    .number({ error: `${what} is a number of minor units (cents)` })
    .int(`${what} is a whole number of minor units (cents): no fractions`)
    .max(EXPENSE_AMOUNT_MAX, `${what} is too large`);

export const expenseAmount = minorUnits('amount').min(1, 'amount must be more than zero').openapi({ description: 'Minor units, tax included' });
export const expenseTaxAmount = minorUnits('tax_amount').min(0, 'tax_amount cannot be negative').openapi({ description: 'Minor units: the part of amount that is tax' });
export const expensePayeeName = singleLine(z.string().trim().min(1, 'Enter who was paid').max(EXPENSE_PAYEE_MAX));
export const expenseDate = isoDateInput();
export const expensePaymentMethod = z.enum(EXPENSE_PAYMENT_METHODS);
export const expenseStatus = z.enum(EXPENSE_STATUSES);
export const expenseNotes = multiLine(z.string().max(EXPENSE_NOTES_MAX)).nullable();
export const expenseCategoryName = singleLine(z.string().trim().min(1, 'Enter a category name').max(EXPENSE_CATEGORY_NAME_MAX));

/** The fields of an expense a person types or picks; a payee is a supplier or free text, never both. */
export const expenseFields = {
  supplier_id: z.uuid().nullable().optional().openapi({ description: 'A supplier of the business as payee; or send payee_name' }),
  payee_name: expensePayeeName.nullable().optional().openapi({ description: 'Free-text payee; or send supplier_id' }),
  category_id: z.uuid(),
  date: expenseDate,
  amount: expenseAmount,
  tax_amount: expenseTaxAmount.default(0),
  payment_method: expensePaymentMethod,
  paid_from_drawer: z.boolean().default(false).openapi({ description: 'Paid in cash from the till drawer (cash and paid only)' }),
  status: expenseStatus,
  due_date: expenseDate.nullable().optional().openapi({ description: 'Required when unpaid' }),
  notes: expenseNotes.optional(),
};

export const createExpenseBody = z.strictObject({
  idempotency_key: z.uuid('idempotency_key is a client-generated UUID'),
  ...expenseFields,
});

export const updateExpenseBody = z
  .strictObject({
    supplier_id: expenseFields.supplier_id,
    payee_name: expenseFields.payee_name,
    category_id: expenseFields.category_id.optional(),
    date: expenseDate.optional(),
    amount: expenseAmount.optional(),
    tax_amount: expenseTaxAmount.optional(),
    payment_method: expensePaymentMethod.optional(),
    paid_from_drawer: z.boolean().optional(),
    status: expenseStatus.optional(),
    due_date: expenseFields.due_date,
    notes: expenseFields.notes,
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');

/** A new expense as the use-case takes it (TypeScript's casing; the wire's is snake_case). */
export function createExpenseInputOf(body: z.infer<typeof createExpenseBody>) {
  return {
    idempotencyKey: body.idempotency_key,
    supplierId: body.supplier_id,
    payeeName: body.payee_name,
    categoryId: body.category_id,
    date: body.date,
    amount: body.amount,
    taxAmount: body.tax_amount,
    paymentMethod: body.payment_method,
    paidFromDrawer: body.paid_from_drawer,
    status: body.status,
    dueDate: body.due_date,
    notes: body.notes,
  };
}

/** An edit as the use-case takes it: a field not sent stays undefined, so it does not change. */
export function updateExpenseInputOf(body: z.infer<typeof updateExpenseBody>) {
  return {
    supplierId: body.supplier_id,
    payeeName: body.payee_name,
    categoryId: body.category_id,
    date: body.date,
    amount: body.amount,
    taxAmount: body.tax_amount,
    paymentMethod: body.payment_method,
    paidFromDrawer: body.paid_from_drawer,
    status: body.status,
    dueDate: body.due_date,
    notes: body.notes,
  };
}

export type CreateExpenseInput = ReturnType<typeof createExpenseInputOf>;
export type UpdateExpenseInput = ReturnType<typeof updateExpenseInputOf>;

/** The filters as the use-cases take them. */
export function expenseFiltersOf<T extends { category_id?: string | undefined; supplier_id?: string | undefined }>(query: T) {
  const { category_id: categoryId, supplier_id: supplierId, ...rest } = query;
  return { ...rest, categoryId, supplierId };
}

export const expenseFilterQuery = {
  from: expenseDate.optional().openapi({ description: 'First day, inclusive (YYYY-MM-DD)' }),
  to: expenseDate.optional().openapi({ description: 'Last day, inclusive (YYYY-MM-DD)' }),
  category_id: z.uuid().optional(),
  status: expenseStatus.optional(),
  supplier_id: z.uuid().optional(),
  payee: singleLine(z.string().trim().max(EXPENSE_PAYEE_MAX)).optional().openapi({ description: 'Payee name contains (any case)' }),
};

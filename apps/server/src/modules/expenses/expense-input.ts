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
export const expenseTaxAmount = minorUnits('taxAmount').min(0, 'taxAmount cannot be negative').openapi({ description: 'Minor units: the part of amount that is tax' });
export const expensePayeeName = singleLine(z.string().trim().min(1, 'Enter who was paid').max(EXPENSE_PAYEE_MAX));
export const expenseDate = isoDateInput();
export const expensePaymentMethod = z.enum(EXPENSE_PAYMENT_METHODS);
export const expenseStatus = z.enum(EXPENSE_STATUSES);
export const expenseNotes = multiLine(z.string().max(EXPENSE_NOTES_MAX)).nullable();
export const expenseCategoryName = singleLine(z.string().trim().min(1, 'Enter a category name').max(EXPENSE_CATEGORY_NAME_MAX));

/** The fields of an expense a person types or picks; a payee is a supplier or free text, never both. */
export const expenseFields = {
  supplierId: z.uuid().nullable().optional().openapi({ description: 'A supplier of the business as payee; or send payeeName' }),
  payeeName: expensePayeeName.nullable().optional().openapi({ description: 'Free-text payee; or send supplierId' }),
  categoryId: z.uuid(),
  date: expenseDate,
  amount: expenseAmount,
  taxAmount: expenseTaxAmount.default(0),
  paymentMethod: expensePaymentMethod,
  paidFromDrawer: z.boolean().default(false).openapi({ description: 'Paid in cash from the till drawer (cash and paid only)' }),
  status: expenseStatus,
  dueDate: expenseDate.nullable().optional().openapi({ description: 'Required when unpaid' }),
  notes: expenseNotes.optional(),
};

export const createExpenseBody = z.strictObject({
  idempotencyKey: z.uuid('idempotencyKey is a client-generated UUID'),
  ...expenseFields,
});

export const updateExpenseBody = z
  .strictObject({
    supplierId: expenseFields.supplierId,
    payeeName: expenseFields.payeeName,
    categoryId: expenseFields.categoryId.optional(),
    date: expenseDate.optional(),
    amount: expenseAmount.optional(),
    taxAmount: expenseTaxAmount.optional(),
    paymentMethod: expensePaymentMethod.optional(),
    paidFromDrawer: z.boolean().optional(),
    status: expenseStatus.optional(),
    dueDate: expenseFields.dueDate,
    notes: expenseFields.notes,
  })
  .refine((body) => Object.keys(body).length > 0, 'Send at least one field to change');

export type CreateExpenseInput = z.infer<typeof createExpenseBody>;
export type UpdateExpenseInput = z.infer<typeof updateExpenseBody>;

export const expenseFilterQuery = {
  from: expenseDate.optional().openapi({ description: 'First day, inclusive (YYYY-MM-DD)' }),
  to: expenseDate.optional().openapi({ description: 'Last day, inclusive (YYYY-MM-DD)' }),
  categoryId: z.uuid().optional(),
  status: expenseStatus.optional(),
  supplierId: z.uuid().optional(),
  payee: singleLine(z.string().trim().max(EXPENSE_PAYEE_MAX)).optional().openapi({ description: 'Payee name contains (any case)' }),
};

import { SYSTEM_BUCKETS } from './storage.ts';

/**
 * Expenses (issue 12 item 4; SPEC §2 /expenses/invoices and /expenses/add): what the server
 * checks and the web form offers. Money is integer minor units of the business currency;
 * `amount` is what was paid, tax included, and `taxAmount` the part of it that is tax.
 */
export const EXPENSE_PAYMENT_METHODS = ['cash', 'card', 'bank_transfer', 'other'] as const;
export type ExpensePaymentMethod = (typeof EXPENSE_PAYMENT_METHODS)[number];

export const EXPENSE_PAYMENT_METHOD_LABELS: Record<ExpensePaymentMethod, string> = {
  cash: 'Cash',
  card: 'Card',
  bank_transfer: 'Bank transfer',
  other: 'Other',
};

export const EXPENSE_STATUSES = ['paid', 'unpaid'] as const;
export type ExpenseStatus = (typeof EXPENSE_STATUSES)[number];

/** The categories a business starts with; each business edits its own list. */
export const DEFAULT_EXPENSE_CATEGORIES = ['Rent', 'Utilities', 'Supplies', 'Wages', 'Repairs', 'Other'] as const;

export const EXPENSE_CATEGORY_NAME_MAX = 60;
export const EXPENSE_PAYEE_MAX = 200;
export const EXPENSE_NOTES_MAX = 2000;
/** An expense is at most this many minor units (ten billion in a two-decimal currency): a typo guard, and far inside bigint. */
export const EXPENSE_AMOUNT_MAX = 1_000_000_000_000;

/** Receipts: a photo or a PDF, in the expense-receipts bucket of the files service. */
export const EXPENSE_RECEIPTS_BUCKET = 'expense-receipts' as const;
export const EXPENSE_RECEIPT_TYPES: readonly string[] = SYSTEM_BUCKETS[EXPENSE_RECEIPTS_BUCKET].allowedMimeTypes;
export const EXPENSE_RECEIPT_MAX_BYTES: number = SYSTEM_BUCKETS[EXPENSE_RECEIPTS_BUCKET].fileSizeLimit;

/**
 * The rules an expense's fields keep together, or the first broken one: tax within the amount,
 * a due date exactly when unpaid, the drawer only for cash that was paid.
 */
export function expenseRuleProblem(expense: {
  amount: number;
  taxAmount: number;
  status: ExpenseStatus;
  dueDate: string | null;
  paymentMethod: ExpensePaymentMethod;
  paidFromDrawer: boolean;
}): { field: 'taxAmount' | 'dueDate' | 'paidFromDrawer'; message: string } | null {
  if (expense.taxAmount > expense.amount) return { field: 'taxAmount', message: 'The tax cannot be more than the amount it is part of' };
  if (expense.status === 'unpaid' && !expense.dueDate) return { field: 'dueDate', message: 'An unpaid expense needs a due date' };
  if (expense.paidFromDrawer && (expense.paymentMethod !== 'cash' || expense.status !== 'paid')) {
    return { field: 'paidFromDrawer', message: 'Only a paid cash expense can come out of the cash drawer' };
  }
  return null;
}

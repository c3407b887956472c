import type { ExpenseStatus } from '@till/core';
import type { ApiAnswer, ApiBody } from '@/lib/api';

/**
 * The expenses API's answers, named for the components: the server's route schemas (the typed
 * client's generated types), never copies. Money in minor units of `currency`, amount tax included;
 * a receipt's url is signed and reads the file for about an hour.
 */
export type Expense = ApiAnswer<'/api/expenses/{id}', 'patch'>['expense'];
export type ExpenseCategory = ApiAnswer<'/api/expenses/categories'>['categories'][number];
export type ExpenseSupplier = ApiAnswer<'/api/expenses/suppliers'>['suppliers'][number];
export type ExpenseSummary = ApiAnswer<'/api/expenses/summary'>;

/** The list filters, as they stand in the page's URL. */
export interface ExpenseFilters {
  from: string | null;
  to: string | null;
  categoryId: string | null;
  status: ExpenseStatus | null;
  payee: string | null;
}

/** What POST /api/expenses takes besides the idempotency key, and PATCH any part of. */
export type ExpensePayload = Omit<ApiBody<'/api/expenses'>, 'idempotency_key'>;

export const expensesKey = ['expenses'] as const;

import { EXPENSE_PAYMENT_METHOD_LABELS, type ExpensePaymentMethod } from '@till/core';
import type { Database } from '../../db/client.ts';
import { takingTurns } from '../../lib/event-loop.ts';
import { protectFormula, toCsv } from '../products/csv.ts';
import { minorToDecimalText } from '../products/money-text.ts';
import { checkRange } from './list-expenses.ts';
import { expensesRepository as repo, type ExpenseFilters, type ExpenseKeyset, type ExpenseWithNames } from './expenses.repository.ts';

export const EXPENSE_CSV_COLUMNS = [
  'date',
  'payee',
  'category',
  'amount',
  'tax',
  'net',
  'currency',
  'payment_method',
  'paid_from_drawer',
  'status',
  'due_date',
  'notes',
  'receipt',
  'id',
] as const;

const PAGE = 1000;

/**
 * The expenses matching the filters as CSV, newest first, money as decimal text in the business
 * currency. Read a page per transaction, taking turns with other requests (decision 018).
 */
export async function exportExpenses(database: Database, businessId: string, filters: ExpenseFilters): Promise<string> {
  checkRange(filters);
  const rows: string[][] = [[...EXPENSE_CSV_COLUMNS]];
  const turn = takingTurns(database);
  let after: ExpenseKeyset | null = null;
  for (;;) {
    const position: ExpenseKeyset | null = after;
    const page: ExpenseWithNames[] = await turn(() => database.withTenant(businessId, (tx) => repo.page(tx, businessId, filters, { limit: PAGE, after: position })));
    for (const { expense, categoryName, supplierName } of page) {
      const money = (amount: number) => minorToDecimalText(amount, expense.currency);
      rows.push([
        expense.expenseDate,
        protectFormula((expense.supplierId ? supplierName : expense.payeeName) ?? ''),
        protectFormula(categoryName),
        money(expense.amount),
        money(expense.taxAmount),
        money(expense.amount - expense.taxAmount),
        expense.currency,
        EXPENSE_PAYMENT_METHOD_LABELS[expense.paymentMethod as ExpensePaymentMethod] ?? expense.paymentMethod,
        expense.paidFromDrawer ? 'yes' : 'no',
        expense.status,
        expense.dueDate ?? '',
        protectFormula(expense.notes ?? ''),
        expense.receiptKey ? 'yes' : 'no',
        expense.id,
      ]);
    }
    const last = page.at(-1);
    if (page.length < PAGE || !last) break;
    after = { expenseDate: last.expense.expenseDate, id: last.expense.id };
  }
  // The byte-order mark lets spreadsheet programs read accented names as UTF-8.
  return '\uFEFF' + toCsv(rows);
}

import type { FileUrlSigner } from '../storage/signed-url.ts';
import type { ExpenseCategoryRow, ExpenseWithNames } from './expenses.repository.ts';

/** An expense as the API returns it; the receipt carries a signed URL that reads it for about an hour. */
export function toExpenseView({ expense, categoryName, supplierName }: ExpenseWithNames, signUrl: FileUrlSigner) {
  return {
    id: expense.id,
    payee: { supplierId: expense.supplierId, name: expense.supplierId ? (supplierName ?? '') : (expense.payeeName ?? '') },
    categoryId: expense.categoryId,
    categoryName,
    date: expense.expenseDate,
    currency: expense.currency,
    amount: expense.amount,
    taxAmount: expense.taxAmount,
    paymentMethod: expense.paymentMethod as 'cash' | 'card' | 'bank_transfer' | 'other',
    paidFromDrawer: expense.paidFromDrawer,
    status: expense.status as 'paid' | 'unpaid',
    dueDate: expense.dueDate,
    notes: expense.notes,
    receipt:
      expense.receiptKey && expense.receiptContentType
        ? {
            url: signUrl(expense.receiptKey),
            contentType: expense.receiptContentType,
            size: expense.receiptSize ?? 0,
            fileName: expense.receiptFileName ?? expense.receiptKey.slice(expense.receiptKey.lastIndexOf('/') + 1),
          }
        : null,
    createdAt: expense.createdAt.toISOString(),
    updatedAt: expense.updatedAt.toISOString(),
  };
}

export type ExpenseView = ReturnType<typeof toExpenseView>;

export function toExpenseCategoryView(row: ExpenseCategoryRow) {
  return { id: row.id, name: row.name, archived: row.archivedAt !== null };
}

export type ExpenseCategoryView = ReturnType<typeof toExpenseCategoryView>;

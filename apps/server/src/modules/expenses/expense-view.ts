import type { FileUrlSigner } from '../storage/signed-url.ts';
import type { ExpenseCategoryRow, ExpenseWithNames } from './expenses.repository.ts';

/** An expense as the API returns it (snake_case, decision 070); the receipt carries a signed URL that reads it for about an hour. */
export function toExpenseView({ expense, categoryName, supplierName }: ExpenseWithNames, signUrl: FileUrlSigner) {
  return {
    id: expense.id,
    payee: { supplier_id: expense.supplierId, name: expense.supplierId ? (supplierName ?? '') : (expense.payeeName ?? '') },
    category_id: expense.categoryId,
    category_name: categoryName,
    date: expense.expenseDate,
    currency: expense.currency,
    amount: expense.amount,
    tax_amount: expense.taxAmount,
    payment_method: expense.paymentMethod as 'cash' | 'card' | 'bank_transfer' | 'other',
    paid_from_drawer: expense.paidFromDrawer,
    status: expense.status as 'paid' | 'unpaid',
    due_date: expense.dueDate,
    notes: expense.notes,
    receipt:
      expense.receiptKey && expense.receiptContentType
        ? {
            url: signUrl(expense.receiptKey),
            content_type: expense.receiptContentType,
            size: expense.receiptSize ?? 0,
            file_name: expense.receiptFileName ?? expense.receiptKey.slice(expense.receiptKey.lastIndexOf('/') + 1),
          }
        : null,
    created_at: expense.createdAt.toISOString(),
    updated_at: expense.updatedAt.toISOString(),
  };
}

export type ExpenseView = ReturnType<typeof toExpenseView>;

export function toExpenseCategoryView(row: ExpenseCategoryRow) {
  return { id: row.id, name: row.name, archived: row.archivedAt !== null };
}

export type ExpenseCategoryView = ReturnType<typeof toExpenseCategoryView>;

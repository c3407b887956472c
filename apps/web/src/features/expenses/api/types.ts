import type { ExpensePaymentMethod, ExpenseStatus } from '@till/core';

/** An expense as the API returns it; money in minor units of `currency`, amount tax included. */
export interface Expense {
  id: string;
  payee: { supplierId: string | null; name: string };
  categoryId: string;
  categoryName: string;
  /** YYYY-MM-DD */
  date: string;
  currency: string;
  amount: number;
  taxAmount: number;
  paymentMethod: ExpensePaymentMethod;
  paidFromDrawer: boolean;
  status: ExpenseStatus;
  dueDate: string | null;
  notes: string | null;
  /** The url is signed and reads the file for about an hour. */
  receipt: { url: string; contentType: string; size: number; fileName: string } | null;
  createdAt: string;
  updatedAt: string;
}

export interface ExpenseCategory {
  id: string;
  name: string;
  archived: boolean;
}

export interface ExpenseSupplier {
  id: string;
  name: string;
}

interface Sums {
  count: number;
  amount: number;
  taxAmount: number;
}

export interface ExpenseSummary extends Sums {
  currency: string;
  unpaidAmount: number;
  byCategory: (Sums & { categoryId: string; name: string })[];
  byMonth: (Sums & { month: string })[];
}

/** The list filters, as they stand in the page's URL. */
export interface ExpenseFilters {
  from: string | null;
  to: string | null;
  categoryId: string | null;
  status: ExpenseStatus | null;
  payee: string | null;
}

/** What POST /api/expenses takes besides the idempotency key, and PATCH any part of. */
export interface ExpensePayload {
  supplierId: string | null;
  payeeName: string | null;
  categoryId: string;
  date: string;
  amount: number;
  taxAmount: number;
  paymentMethod: ExpensePaymentMethod;
  paidFromDrawer: boolean;
  status: ExpenseStatus;
  dueDate: string | null;
  notes: string | null;
}

export const expensesKey = ['expenses'] as const;

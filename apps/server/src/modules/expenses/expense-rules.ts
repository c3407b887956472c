import { expenseRuleProblem, type ExpensePaymentMethod, type ExpenseStatus } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { categoryArchived, categoryNotFound, ruleBroken, supplierNotFound } from './expense-errors.ts';
import { expensesRepository as repo } from './expenses.repository.ts';

/** An expense's fields once a create or an edit has been applied, before they are written. */
export interface ExpenseState {
  supplierId: string | null;
  payeeName: string | null;
  categoryId: string;
  expenseDate: string;
  amount: number;
  taxAmount: number;
  paymentMethod: ExpensePaymentMethod;
  paidFromDrawer: boolean;
  status: ExpenseStatus;
  dueDate: string | null;
  notes: string | null;
}

/** The payee is a supplier or a typed name: exactly one. */
export function checkPayee(state: Pick<ExpenseState, 'supplierId' | 'payeeName'>): void {
  if (state.supplierId && state.payeeName) throw badRequest('validation_error', 'payee: Send a supplier or a payee name, not both');
  if (!state.supplierId && !state.payeeName) throw badRequest('validation_error', 'payee: Choose a supplier or type who was paid');
}

/**
 * Everything an expense must be before it is written: the payee, the rules between its fields
 * (packages/core), and a category and supplier of this business. A category or supplier the
 * expense already had may since have been archived; only a newly chosen one must be current.
 */
export async function checkExpense(tx: Tx, businessId: string, state: ExpenseState, before: ExpenseState | null): Promise<void> {
  checkPayee(state);
  const problem = expenseRuleProblem(state);
  // The wire's name of the field (decision 070): taxAmount → tax_amount.
  if (problem) throw ruleBroken(problem.field.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`), problem.message);
  if (state.categoryId !== before?.categoryId) {
    const category = await repo.findCategory(tx, businessId, state.categoryId);
    if (!category) throw categoryNotFound();
    if (category.archivedAt) throw categoryArchived();
  }
  if (state.supplierId && state.supplierId !== before?.supplierId) {
    const supplier = await repo.findSupplier(tx, businessId, state.supplierId);
    if (!supplier || !supplier.isActive) throw supplierNotFound();
  }
}

export const blankToNull = (value: string | null | undefined) => (value === undefined ? undefined : value === null || value.trim() === '' ? null : value.trim());

import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { businessRepository } from '../business/business.repository.ts';
import type { FileUrlSigner } from '../storage/signed-url.ts';
import { auditActor, expenseNotFound } from './expense-errors.ts';
import type { UpdateExpenseInput } from './expense-input.ts';
import { blankToNull, checkExpense, type ExpenseState } from './expense-rules.ts';
import { toExpenseView, type ExpenseView } from './expense-view.ts';
import { EXPENSES_ACCESS } from './expenses-access.ts';
import { expensesRepository as repo, type ExpenseRow } from './expenses.repository.ts';

const stateOf = (row: ExpenseRow): ExpenseState => ({
  supplierId: row.supplierId,
  payeeName: row.payeeName,
  categoryId: row.categoryId,
  expenseDate: row.expenseDate,
  amount: row.amount,
  taxAmount: row.taxAmount,
  paymentMethod: row.paymentMethod as ExpenseState['paymentMethod'],
  paidFromDrawer: row.paidFromDrawer,
  status: row.status as ExpenseState['status'],
  dueDate: row.dueDate,
  notes: row.notes,
});

/** The fields after the edit: only those sent change; choosing a supplier clears a typed payee and the other way round. */
function applyEdit(before: ExpenseState, input: UpdateExpenseInput): ExpenseState {
  const next = { ...before };
  const payeeName = blankToNull(input.payeeName);
  if (input.supplierId !== undefined) next.supplierId = input.supplierId;
  if (payeeName !== undefined) next.payeeName = payeeName;
  if (input.supplierId && payeeName === undefined) next.payeeName = null;
  if (payeeName && input.supplierId === undefined) next.supplierId = null;
  if (input.categoryId !== undefined) next.categoryId = input.categoryId;
  if (input.date !== undefined) next.expenseDate = input.date;
  if (input.amount !== undefined) next.amount = input.amount;
  if (input.taxAmount !== undefined) next.taxAmount = input.taxAmount;
  if (input.paymentMethod !== undefined) next.paymentMethod = input.paymentMethod;
  if (input.paidFromDrawer !== undefined) next.paidFromDrawer = input.paidFromDrawer;
  if (input.status !== undefined) next.status = input.status;
  if (input.dueDate !== undefined) next.dueDate = input.dueDate;
  if (input.notes !== undefined) next.notes = blankToNull(input.notes) ?? null;
  return next;
}

/** Edits an expense; the audit log records each changed field with its old and new value. */
export async function updateExpense(
  database: Database,
  tenant: TenantContext,
  id: string,
  input: UpdateExpenseInput,
  signUrl: FileUrlSigner,
  now: Date,
): Promise<ExpenseView> {
  requireAccess(tenant, EXPENSES_ACCESS);
  return database.withTenant(tenant.businessId, async (tx) => {
    const row = await repo.findForUpdate(tx, tenant.businessId, id);
    if (!row) throw expenseNotFound();
    const before = stateOf(row);
    const after = applyEdit(before, input);
    await checkExpense(tx, tenant.businessId, after, before);
    const changes = Object.fromEntries(
      (Object.keys(after) as (keyof ExpenseState)[]).filter((key) => after[key] !== before[key]).map((key) => [key, { from: before[key], to: after[key] }]),
    );
    if (Object.keys(changes).length > 0) {
      await repo.update(tx, tenant.businessId, id, { ...after, updatedAt: now });
      await businessRepository.insertAudit(tx, {
        businessId: tenant.businessId,
        ...auditActor(tenant),
        action: 'expense.updated',
        details: { expense_id: id, changes },
      });
    }
    const found = await repo.findWithNames(tx, tenant.businessId, id);
    return toExpenseView(found!, signUrl);
  });
}

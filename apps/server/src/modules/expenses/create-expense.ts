import { createHash, randomUUID } from 'node:crypto';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { businessRepository } from '../business/business.repository.ts';
import { cashSessionRequired } from '../cash-sessions/cash-session-errors.ts';
import { cashSessionsRepository } from '../cash-sessions/cash-sessions.repository.ts';
import { cashInDrawer } from '../cash-sessions/record-cash-movement.ts';
import type { FileUrlSigner } from '../storage/signed-url.ts';
import { EXPENSES_ACCESS } from './expenses-access.ts';
import { auditActor } from './expense-errors.ts';
import type { CreateExpenseInput } from './expense-input.ts';
import { blankToNull, checkExpense, type ExpenseState } from './expense-rules.ts';
import { toExpenseView, type ExpenseView } from './expense-view.ts';
import { expensesRepository as repo } from './expenses.repository.ts';

/** Same body, same hash: an idempotency key may be retried only with the request it first came with. */
function requestHash(input: CreateExpenseInput): string {
  const { idempotencyKey: _key, ...rest } = input;
  return createHash('sha256').update(JSON.stringify(rest)).digest('base64url');
}

const keyReused = () => new AppError(409, 'idempotency_key_reused', 'This idempotency key was already used for a different expense');

async function replay(tx: Tx, businessId: string, input: CreateExpenseInput, hash: string, signUrl: FileUrlSigner): Promise<ExpenseView | null> {
  const existing = await repo.findByIdempotencyKey(tx, businessId, input.idempotencyKey);
  if (!existing) return null;
  if (existing.requestHash !== hash) throw keyReused();
  const found = await repo.findWithNames(tx, businessId, existing.id);
  return found ? toExpenseView(found, signUrl) : null;
}

/**
 * Issue 12: an expense paid from the drawer is also a pay-out of the session open on this till,
 * in the same transaction (so a Z counts it once), refused when the drawer does not hold it.
 */
async function payOutOfDrawer(tx: Tx, tenant: TenantContext, expense: { expenseId: string; amount: number; payee: string }) {
  if (!tenant.registerId) {
    throw new AppError(422, 'drawer_required', 'An expense paid from the drawer is entered at the till whose drawer the cash came from');
  }
  const session = await cashSessionsRepository.findOpenSession(tx, tenant.businessId, tenant.registerId, 'update');
  if (!session) throw cashSessionRequired();
  const inDrawer = await cashInDrawer(tx, tenant.businessId, session);
  if (expense.amount > inDrawer) throw new AppError(422, 'not_enough_cash', 'The drawer does not hold that much cash', { expected_cash: inDrawer });
  await cashSessionsRepository.insertMovement(tx, {
    businessId: tenant.businessId,
    sessionId: session.id,
    kind: 'pay_out',
    amount: expense.amount,
    reason: `Expense: ${expense.payee}`.slice(0, 200),
    employeeId: tenant.employeeSession?.employeeId ?? null,
    actorUserId: tenant.userId,
    employeeName: tenant.employeeSession?.employeeName ?? 'Business owner',
    idempotencyKey: randomUUID(),
    requestHash: `expense:${expense.expenseId}`,
  });
}

/**
 * Records an expense. It moves money, so it carries a client idempotency key: a retry answers
 * with the first expense (replayed: true), the same key with another body is a 409. Audited.
 */
export async function createExpense(
  database: Database,
  tenant: TenantContext,
  input: CreateExpenseInput,
  signUrl: FileUrlSigner,
  now: Date,
): Promise<{ replayed: boolean; expense: ExpenseView }> {
  requireAccess(tenant, EXPENSES_ACCESS);
  const hash = requestHash(input);
  const state: ExpenseState = {
    supplierId: input.supplierId ?? null,
    payeeName: blankToNull(input.payeeName) ?? null,
    categoryId: input.categoryId,
    expenseDate: input.date,
    amount: input.amount,
    taxAmount: input.taxAmount,
    paymentMethod: input.paymentMethod,
    paidFromDrawer: input.paidFromDrawer,
    status: input.status,
    dueDate: input.dueDate ?? null,
    notes: blankToNull(input.notes) ?? null,
  };
  try {
    return await database.withTenant(tenant.businessId, async (tx) => {
      const first = await replay(tx, tenant.businessId, input, hash, signUrl);
      if (first) return { replayed: true, expense: first };
      await checkExpense(tx, tenant.businessId, state, null);
      const row = await repo.insert(tx, {
        businessId: tenant.businessId,
        ...state,
        currency: await repo.currencyOf(tx, tenant.businessId),
        idempotencyKey: input.idempotencyKey,
        requestHash: hash,
        createdByUserId: tenant.userId,
        createdByEmployeeId: tenant.employeeSession?.employeeId ?? null,
        createdAt: now,
        updatedAt: now,
      });
      await businessRepository.insertAudit(tx, {
        businessId: tenant.businessId,
        ...auditActor(tenant),
        action: 'expense.created',
        details: { expense_id: row.id, amount: row.amount, tax_amount: row.taxAmount, currency: row.currency, date: row.expenseDate, status: row.status },
      });
      const created = await repo.findWithNames(tx, tenant.businessId, row.id);
      if (row.paidFromDrawer && tenant.features.cash_management) await payOutOfDrawer(tx, tenant, { expenseId: row.id, amount: row.amount, payee: created?.supplierName ?? row.payeeName ?? 'expense' });
      return { replayed: false, expense: toExpenseView(created!, signUrl) };
    });
  } catch (error) {
    // Two first attempts with one key raced: the loser answers like a retry.
    if (!isUniqueViolation(error)) throw error;
    const first = await database.withTenant(tenant.businessId, (tx) => replay(tx, tenant.businessId, input, hash, signUrl));
    if (!first) throw error;
    return { replayed: true, expense: first };
  }
}

import { EXPENSE_RECEIPTS_BUCKET } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { businessRepository } from '../business/business.repository.ts';
import type { StorageService } from '../storage/storage-service.ts';
import { auditActor, expenseNotFound } from './expense-errors.ts';
import { EXPENSES_ACCESS } from './expenses-access.ts';
import { expensesRepository as repo } from './expenses.repository.ts';

/**
 * Deletes an expense. The audit log keeps what it was (payee, amounts, date, category), so the
 * books can be reconstructed; its receipt is removed from storage once the delete has committed.
 */
export async function deleteExpense(database: Database, storage: StorageService, tenant: TenantContext, id: string): Promise<void> {
  requireAccess(tenant, EXPENSES_ACCESS);
  const receiptKey = await database.withTenant(tenant.businessId, async (tx) => {
    const row = await repo.findForUpdate(tx, tenant.businessId, id);
    if (!row) throw expenseNotFound();
    await repo.remove(tx, tenant.businessId, id);
    await businessRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      ...auditActor(tenant),
      action: 'expense.deleted',
      details: {
        expense_id: row.id,
        supplier_id: row.supplierId,
        payee_name: row.payeeName,
        category_id: row.categoryId,
        date: row.expenseDate,
        amount: row.amount,
        tax_amount: row.taxAmount,
        currency: row.currency,
        payment_method: row.paymentMethod,
        paid_from_drawer: row.paidFromDrawer,
        status: row.status,
        receipt_key: row.receiptKey,
      },
    });
    return row.receiptKey;
  });
  if (receiptKey) await storage.remove(tenant.businessId, EXPENSE_RECEIPTS_BUCKET, [receiptKey], { userId: tenant.userId, employeeId: tenant.employeeSession?.employeeId ?? null });
}

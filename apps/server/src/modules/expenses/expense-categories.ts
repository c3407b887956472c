import { DEFAULT_EXPENSE_CATEGORIES } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { businessRepository } from '../business/business.repository.ts';
import { auditActor } from './expense-errors.ts';
import { toExpenseCategoryView, type ExpenseCategoryView } from './expense-view.ts';
import { EXPENSES_ACCESS } from './expenses-access.ts';
import { expensesRepository as repo } from './expenses.repository.ts';

const nameTaken = () => new AppError(409, 'expense_category_exists', 'Another expense category already has this name');
const notFoundCategory = () => notFound('expense_category_not_found', 'No expense category has this id');

/**
 * The business's expense categories, by name, archived ones included (marked). A business that
 * has never had any starts with the defaults (Rent, Utilities, Supplies, Wages, Repairs, Other);
 * categories are archived, never deleted, so the defaults come once.
 */
export async function listExpenseCategories(database: Database, businessId: string): Promise<ExpenseCategoryView[]> {
  return database.withTenant(businessId, async (tx) => {
    if (!(await repo.hasAnyCategory(tx, businessId))) await repo.insertCategoriesIfAbsent(tx, businessId, DEFAULT_EXPENSE_CATEGORIES);
    return (await repo.listCategories(tx, businessId)).map(toExpenseCategoryView);
  });
}

export async function createExpenseCategory(database: Database, tenant: TenantContext, name: string): Promise<ExpenseCategoryView> {
  requireAccess(tenant, EXPENSES_ACCESS);
  try {
    return await database.withTenant(tenant.businessId, async (tx) => {
      if (!(await repo.hasAnyCategory(tx, tenant.businessId))) await repo.insertCategoriesIfAbsent(tx, tenant.businessId, DEFAULT_EXPENSE_CATEGORIES);
      if (await repo.findCategoryByName(tx, tenant.businessId, name, null)) throw nameTaken();
      const row = await repo.insertCategory(tx, { businessId: tenant.businessId, name });
      await businessRepository.insertAudit(tx, {
        businessId: tenant.businessId,
        ...auditActor(tenant),
        action: 'expense_category.created',
        details: { category_id: row.id, name },
      });
      return toExpenseCategoryView(row);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Renames a category, or archives it (no longer offered; its expenses keep it) or brings it back. Audited. */
export async function updateExpenseCategory(
  database: Database,
  tenant: TenantContext,
  id: string,
  input: { name?: string | undefined; archived?: boolean | undefined },
): Promise<ExpenseCategoryView> {
  requireAccess(tenant, EXPENSES_ACCESS);
  try {
    return await database.withTenant(tenant.businessId, async (tx) => {
      const current = await repo.findCategory(tx, tenant.businessId, id);
      if (!current) throw notFoundCategory();
      const changes: { name?: string; archivedAt?: Date | null } = {};
      if (input.name !== undefined && input.name !== current.name) {
        if (await repo.findCategoryByName(tx, tenant.businessId, input.name, id)) throw nameTaken();
        changes.name = input.name;
      }
      if (input.archived !== undefined && input.archived !== (current.archivedAt !== null)) changes.archivedAt = input.archived ? new Date() : null;
      if (Object.keys(changes).length === 0) return toExpenseCategoryView(current);
      const row = await repo.updateCategory(tx, tenant.businessId, id, changes);
      await businessRepository.insertAudit(tx, {
        businessId: tenant.businessId,
        ...auditActor(tenant),
        action: 'expense_category.updated',
        details: {
          category_id: id,
          ...(changes.name !== undefined ? { name: { from: current.name, to: changes.name } } : {}),
          ...(changes.archivedAt !== undefined ? { archived: changes.archivedAt !== null } : {}),
        },
      });
      return toExpenseCategoryView(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** Suppliers the business may name as payee (active ones, by name). */
export async function listExpenseSuppliers(database: Database, businessId: string) {
  return database.withTenant(businessId, (tx) => repo.listActiveSuppliers(tx, businessId));
}

import type { Database } from '../../db/client.ts';
import { checkRange } from './list-expenses.ts';
import { expensesRepository as repo, type ExpenseFilters } from './expenses.repository.ts';

/** Totals of the expenses matching the filters: in all, unpaid, by category and by month (newest first). */
export async function summarizeExpenses(database: Database, businessId: string, filters: ExpenseFilters) {
  checkRange(filters);
  return database.withTenant(businessId, async (tx) => {
    const totals = await repo.totals(tx, businessId, filters);
    return { currency: await repo.currencyOf(tx, businessId), ...totals };
  });
}

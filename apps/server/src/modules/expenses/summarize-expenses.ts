import type { Database } from '../../db/client.ts';
import { checkRange } from './list-expenses.ts';
import { expensesRepository as repo, type ExpenseFilters } from './expenses.repository.ts';

/** Totals of the expenses matching the filters: in all, unpaid, by category and by month (newest first). */
export async function summarizeExpenses(database: Database, businessId: string, filters: ExpenseFilters) {
  checkRange(filters);
  return database.withTenant(businessId, async (tx) => {
    const totals = await repo.totals(tx, businessId, filters);
    const sums = (row: { count: number; amount: number; taxAmount: number }) => ({ count: row.count, amount: row.amount, tax_amount: row.taxAmount });
    return {
      currency: await repo.currencyOf(tx, businessId),
      ...sums(totals),
      unpaid_amount: totals.unpaidAmount,
      by_category: totals.byCategory.map((row) => ({ category_id: row.categoryId, name: row.name, ...sums(row) })),
      by_month: totals.byMonth.map((row) => ({ month: row.month, ...sums(row) })),
    };
  });
}

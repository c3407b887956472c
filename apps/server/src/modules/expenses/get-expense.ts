import type { Database } from '../../db/client.ts';
import type { FileUrlSigner } from '../storage/signed-url.ts';
import { expenseNotFound } from './expense-errors.ts';
import { toExpenseView, type ExpenseView } from './expense-view.ts';
import { expensesRepository as repo } from './expenses.repository.ts';

export async function getExpense(database: Database, businessId: string, id: string, signUrl: FileUrlSigner): Promise<ExpenseView> {
  const found = await database.withTenant(businessId, (tx) => repo.findWithNames(tx, businessId, id));
  if (!found) throw expenseNotFound();
  return toExpenseView(found, signUrl);
}

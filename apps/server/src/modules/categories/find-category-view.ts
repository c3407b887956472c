import type { Tx } from '../../db/client.ts';
import { categoriesRepository } from './categories.repository.ts';
import { toCategoryView, type CategoryView } from './category-view.ts';

/** One category as the list shows it (with its product count), inside the caller's transaction. */
export async function findCategoryView(tx: Tx, businessId: string, id: string): Promise<CategoryView> {
  const all = await categoriesRepository.list(tx, businessId, 'all');
  const found = all.find((row) => row.id === id);
  if (!found) throw new Error('category vanished inside its transaction');
  return toCategoryView(found);
}

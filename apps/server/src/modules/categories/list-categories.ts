import type { Database } from '../../db/client.ts';
import { categoriesRepository, type CategoryStatus } from './categories.repository.ts';
import { toCategoryView, type CategoryView } from './category-view.ts';

export async function listCategories(database: Database, businessId: string, status: CategoryStatus): Promise<CategoryView[]> {
  const rows = await database.withTenant(businessId, (tx) => categoriesRepository.list(tx, businessId, status));
  return rows.map(toCategoryView);
}

/** The till's tabs: active categories in order, in the same shape as the back office's list. */
export async function listPosCategories(database: Database, businessId: string): Promise<CategoryView[]> {
  const rows = await database.withTenant(businessId, (tx) => categoriesRepository.list(tx, businessId, 'active'));
  return rows.map(toCategoryView);
}

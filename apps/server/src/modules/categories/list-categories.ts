import type { Database } from '../../db/client.ts';
import { categoriesRepository, type CategoryStatus } from './categories.repository.ts';
import { toCategoryView, toPosCategoryView, type CategoryListRow, type CategoryView } from './category-view.ts';

export async function listCategories(database: Database, businessId: string, status: CategoryStatus): Promise<CategoryView[]> {
  const rows = await database.withTenant(businessId, (tx) => categoriesRepository.list(tx, businessId, status));
  return rows.map(toCategoryView);
}

/** The till's tabs: active categories in order, in the shape /api/pos still speaks. */
export async function listPosCategories(database: Database, businessId: string): Promise<CategoryListRow[]> {
  const rows = await database.withTenant(businessId, (tx) => categoriesRepository.list(tx, businessId, 'active'));
  return rows.map(toPosCategoryView);
}

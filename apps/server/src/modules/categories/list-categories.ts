import type { Database } from '../../db/client.ts';
import { categoriesRepository, type CategoryStatus } from './categories.repository.ts';
import { toCategoryView, type CategoryView } from './category-view.ts';

export async function listCategories(database: Database, businessId: string, status: CategoryStatus): Promise<CategoryView[]> {
  const rows = await database.withTenant(businessId, (tx) => categoriesRepository.list(tx, businessId, status));
  return rows.map(toCategoryView);
}

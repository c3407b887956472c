import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { categoriesRepository } from './categories.repository.ts';
import { toCategoryView, type CategoryView } from './category-view.ts';

/** The till shows categories in this order: each listed id gets its position; the others keep theirs. */
export async function reorderCategories(database: Database, tenant: TenantContext, ids: string[]): Promise<CategoryView[]> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const known = await categoriesRepository.existingIds(tx, tenant.businessId, ids);
    const unknown = ids.filter((id) => !known.has(id));
    if (unknown.length) throw new AppError(422, 'category_not_found', 'Some of these categories do not exist', { ids: unknown });
    await categoriesRepository.setSortOrders(tx, tenant.businessId, ids);
    return (await categoriesRepository.list(tx, tenant.businessId, 'all')).map(toCategoryView);
  });
}

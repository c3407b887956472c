import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { categoriesRepository } from './categories.repository.ts';
import { categoryNameTaken, withCategoryNameCheck } from './category-errors.ts';
import type { CategoryView } from './category-view.ts';
import { findCategoryView } from './find-category-view.ts';

export interface UpdateCategoryInput {
  name?: string | undefined;
  color?: string | null | undefined;
  sortOrder?: number | undefined;
  isActive?: boolean | undefined;
}

/** Rename, recolour, move, archive (isActive false) or restore. Archiving keeps its products' link to it. */
export async function updateCategory(database: Database, tenant: TenantContext, id: string, input: UpdateCategoryInput): Promise<CategoryView> {
  return withCategoryNameCheck(input.name, () =>
    database.withTenant(tenant.businessId, async (tx) => {
      const current = await categoriesRepository.findById(tx, tenant.businessId, id);
      if (!current) throw notFound('category_not_found', 'There is no such category');
      if (input.name !== undefined && (await categoriesRepository.findByName(tx, tenant.businessId, input.name, id))) {
        throw categoryNameTaken(input.name);
      }
      await categoriesRepository.update(tx, tenant.businessId, id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.color !== undefined ? { color: input.color } : {}),
        ...(input.sortOrder !== undefined ? { sortOrder: input.sortOrder } : {}),
        ...(input.isActive !== undefined ? { isActive: input.isActive } : {}),
      });
      return findCategoryView(tx, tenant.businessId, id);
    }),
  );
}

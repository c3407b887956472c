import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { categoriesRepository } from './categories.repository.ts';
import { categoryNameTaken, withCategoryNameCheck } from './category-errors.ts';
import { toCategoryView, type CategoryView } from './category-view.ts';

/** A new category goes to the end of the till's order. */
export async function createCategory(
  database: Database,
  tenant: TenantContext,
  input: { name: string; color?: string | null | undefined },
): Promise<CategoryView> {
  return withCategoryNameCheck(input.name, () =>
    database.withTenant(tenant.businessId, async (tx) => {
      if (await categoriesRepository.findByName(tx, tenant.businessId, input.name)) throw categoryNameTaken(input.name);
      const row = await categoriesRepository.insert(tx, {
        businessId: tenant.businessId,
        name: input.name,
        color: input.color ?? null,
        sortOrder: await categoriesRepository.nextSortOrder(tx, tenant.businessId),
      });
      return toCategoryView({ ...row, productCount: 0 });
    }),
  );
}

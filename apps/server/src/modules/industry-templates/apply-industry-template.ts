import type { IndustryTemplateView } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { industryTemplatesRepository } from './industry-templates.repository.ts';

/**
 * Puts a template's starter categories (in its order) and sample products into a new business,
 * inside the business's setup transaction. Products are not stock-tracked and carry no tax rate:
 * the owner prices and taxes them for real.
 */
export async function applyIndustryTemplate(tx: Tx, businessId: string, template: Pick<IndustryTemplateView, 'categories' | 'products'>): Promise<void> {
  const created = await industryTemplatesRepository.insertCategories(
    tx,
    template.categories.map((name, index) => ({ businessId, name, color: null, sortOrder: index })),
  );
  const idByName = new Map(created.map((row) => [row.name.toLowerCase(), row.id]));
  await industryTemplatesRepository.insertProducts(
    tx,
    template.products.map((product) => ({
      businessId,
      name: product.name,
      price: product.price,
      categoryId: product.category === null ? null : (idByName.get(product.category.toLowerCase()) ?? null),
      trackStock: false,
      stockQuantity: 0,
    })),
  );
}

import { rescaleTemplatePrice, starterTablePosition, type IndustryTemplateView } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { planRoom } from '../plans/assert-plan-allows.ts';
import { industryTemplatesRepository as repo } from './industry-templates.repository.ts';

/**
 * Puts a template's starting setup into a new business, inside the business's setup transaction:
 * its starter categories (in its order) and sample products, its receipt header and footer, a
 * restaurant's table plan and a workshop's inspection checklist (decisions 052 and 065).
 *
 * Products are not stock-tracked and carry no tax rate: the owner prices and taxes them for real.
 * Their prices are rescaled from the template's currency to the business's (9.50 USD is 10 JPY),
 * and only as many as the business's plan allows are added, in the template's order: a sign-up
 * never fails, nor starts over its plan, because of a template.
 */
export async function applyIndustryTemplate(tx: Tx, businessId: string, template: Omit<IndustryTemplateView, 'industry' | 'enabled_features' | 'updated_at'>): Promise<void> {
  const created = await repo.insertCategories(
    tx,
    template.categories.map((name, index) => ({ businessId, name, color: null, sortOrder: index })),
  );
  const idByName = new Map(created.map((row) => [row.name.toLowerCase(), row.id]));
  const currency = await repo.businessCurrency(tx, businessId);
  const room = template.products.length === 0 ? 0 : await planRoom(tx, businessId, 'products');
  const products = room === null ? template.products : template.products.slice(0, room);
  await repo.insertProducts(
    tx,
    products.map((product) => ({
      businessId,
      name: product.name,
      price: rescaleTemplatePrice(product.price, template.currency, currency),
      categoryId: product.category === null ? null : (idByName.get(product.category.toLowerCase()) ?? null),
      trackStock: false,
      stockQuantity: 0,
    })),
  );
  if (template.receipt_header !== null || template.receipt_footer !== null) {
    await repo.setReceiptTexts(tx, businessId, { receiptHeader: template.receipt_header, receiptFooter: template.receipt_footer });
  }
  for (const [position, area] of template.dining_areas.entries()) {
    const { id: areaId } = await repo.insertArea(tx, { businessId, name: area.name, position });
    await repo.insertTables(
      tx,
      area.tables.map((table, index) => ({ businessId, areaId, name: table.name, seats: table.seats, ...starterTablePosition(index) })),
    );
  }
  if (template.inspection_points.length > 0) {
    await repo.insertWorkshopSettings(tx, { businessId, inspectionPoints: template.inspection_points, labourRate: 0 });
  }
}

import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { actorOf, productsNotFound, supplierNotFound } from './purchasing-errors.ts';
import { blankToNull } from './purchasing-input.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';
import { getSupplier } from './get-supplier.ts';

export interface SupplierProductInput {
  supplierCode?: string | null | undefined;
  packSize?: number | undefined;
  lastCost?: number | null | undefined;
  reorderPoint?: number | null | undefined;
  reorderQuantity?: number | null | undefined;
}

/**
 * Says that a supplier supplies a product (or edits how): the supplier's code, pack size and last
 * cost, and the product's reorder point and quantity. Entering a cost by hand needs
 * can_change_prices (issue 13 item 6). Audited.
 */
export async function setSupplierProduct(database: Database, tenant: TenantContext, supplierId: string, productId: string, input: SupplierProductInput) {
  if (input.lastCost !== undefined) requireAccess(tenant, { adminPermission: 'can_change_prices' });
  await database.withTenant(tenant.businessId, async (tx) => {
    const supplier = await repo.findSupplier(tx, tenant.businessId, supplierId);
    if (!supplier) throw supplierNotFound();
    const [product] = await repo.findProducts(tx, tenant.businessId, [productId], true);
    if (!product) throw productsNotFound([productId]);
    const code = blankToNull(input.supplierCode);
    const set = {
      ...(code !== undefined ? { supplierCode: code } : {}),
      ...(input.packSize !== undefined ? { packSize: input.packSize } : {}),
      ...(input.lastCost !== undefined ? { lastCost: input.lastCost } : {}),
    };
    await repo.upsertSupplierProduct(tx, { businessId: tenant.businessId, supplierId, productId, supplierCode: code ?? null, packSize: input.packSize ?? 1, lastCost: input.lastCost ?? null }, set);
    if (input.reorderPoint !== undefined || input.reorderQuantity !== undefined) {
      await repo.updateProductReorder(tx, tenant.businessId, productId, {
        ...(input.reorderPoint !== undefined ? { reorderPoint: input.reorderPoint } : {}),
        ...(input.reorderQuantity !== undefined ? { reorderQuantity: input.reorderQuantity } : {}),
      });
    }
    await repo.insertAudits(tx, [
      { businessId: tenant.businessId, ...actorOf(tenant), action: 'supplier.product_set', details: { supplier_id: supplierId, product_id: productId, name: product.name, ...input } },
    ]);
  });
  return getSupplier(database, tenant.businessId, supplierId);
}

import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { notFound } from '../../lib/app-error.ts';
import { actorOf, supplierNotFound } from './purchasing-errors.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';
import { getSupplier } from './get-supplier.ts';

/** The supplier no longer supplies the product (its past orders and receipts stay). Audited. */
export async function removeSupplierProduct(database: Database, tenant: TenantContext, supplierId: string, productId: string) {
  await database.withTenant(tenant.businessId, async (tx) => {
    if (!(await repo.findSupplier(tx, tenant.businessId, supplierId))) throw supplierNotFound();
    if (!(await repo.deleteSupplierProduct(tx, tenant.businessId, supplierId, productId))) {
      throw notFound('supplier_product_not_found', 'This supplier is not listed as supplying this product');
    }
    await repo.insertAudits(tx, [{ businessId: tenant.businessId, ...actorOf(tenant), action: 'supplier.product_removed', details: { supplier_id: supplierId, product_id: productId } }]);
  });
  return getSupplier(database, tenant.businessId, supplierId);
}

import type { Database } from '../../db/client.ts';
import { supplierNotFound } from './purchasing-errors.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';
import { toSupplierView } from './purchasing-views.ts';

/** A supplier and the products it supplies, with the supplier's code, pack size and last cost, and each product's stock, cost and reorder settings. */
export async function getSupplier(database: Database, businessId: string, id: string) {
  return database.withTenant(businessId, async (tx) => {
    const supplier = await repo.findSupplier(tx, businessId, id);
    if (!supplier) throw supplierNotFound();
    const rows = await repo.supplierProductsOf(tx, businessId, id);
    return {
      supplier: toSupplierView(supplier),
      products: rows.map((row) => ({
        productId: row.link.productId,
        name: row.name,
        sku: row.sku,
        supplierCode: row.link.supplierCode,
        packSize: row.link.packSize,
        lastCost: row.link.lastCost,
        cost: row.cost,
        trackStock: row.trackStock,
        stockQuantity: row.stockQuantity,
        lowStockThreshold: row.lowStockThreshold,
        reorderPoint: row.reorderPoint,
        reorderQuantity: row.reorderQuantity,
        isActive: row.isActive,
      })),
    };
  });
}

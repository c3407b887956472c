import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { draftPurchaseOrders } from '../purchasing/draft-purchase-orders.ts';
import { loadStockPlans } from './get-stock-forecast.ts';

/**
 * "Create draft purchase orders" from a selection of the stock forecast: one draft per supplier,
 * each product at the forecast's reorder quantity in whole packs of its supplier, through
 * purchasing's own use-case (all or none). Products without a supplier or with nothing to
 * reorder are refused by name before anything is written.
 */
export async function draftForecastOrders(database: Database, tenant: TenantContext, productIds: string[]) {
  const { products } = await loadStockPlans(database, tenant.businessId);
  const byId = new Map(products.map((row) => [row.productId, row]));
  const unknown = productIds.filter((id) => !byId.has(id));
  if (unknown.length > 0) {
    throw new AppError(422, 'product_not_found', 'A selected product is not a tracked, active product of this business', { product_ids: unknown });
  }
  const selected = [...new Set(productIds)].map((id) => byId.get(id)!);
  const withoutSupplier = selected.filter((row) => !row.supplierId);
  if (withoutSupplier.length > 0) {
    throw new AppError(422, 'supplier_required', `No active supplier supplies ${withoutSupplier.map((row) => row.name).join(', ')}: link one in Suppliers first`, {
      product_ids: withoutSupplier.map((row) => row.productId),
    });
  }
  const nothing = selected.filter((row) => row.reorderQuantity <= 0);
  if (nothing.length > 0) {
    throw new AppError(422, 'nothing_to_reorder', `The forecast has nothing to reorder for ${nothing.map((row) => row.name).join(', ')}`, {
      product_ids: nothing.map((row) => row.productId),
    });
  }
  const bySupplier = new Map<string, typeof selected>();
  for (const row of selected) bySupplier.set(row.supplierId!, [...(bySupplier.get(row.supplierId!) ?? []), row]);
  const orders = [...bySupplier].map(([supplierId, rows]) => ({
    supplierId,
    lines: rows.map((row) => ({ productId: row.productId, quantity: Math.ceil(row.reorderQuantity / row.packSize), packSize: row.packSize })),
  }));
  return { purchaseOrders: await draftPurchaseOrders(database, tenant, orders, 'stock_forecast') };
}

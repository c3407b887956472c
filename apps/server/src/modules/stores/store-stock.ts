import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { storeNotFound } from './store-errors.ts';
import { storesRepository } from './stores.repository.ts';

/** The wire's shape (decision 070: snake_case). */
export interface StoreStockView {
  store_id: string;
  name: string;
  is_default: boolean;
  is_active: boolean;
  quantity: number;
  /** Where the product sits in this store (decision 049). */
  shelf: string | null;
  in_transit: number;
}

/** One product's stock in each store, with what is on its way to each (sent, not yet received). */
export async function getProductStoreStock(database: Database, businessId: string, productId: string): Promise<StoreStockView[]> {
  return database.withTenant(businessId, async (tx) => {
    const [product] = await storesRepository.productNames(tx, businessId, [productId]);
    if (!product) throw notFound('product_not_found', 'That product does not exist');
    const rows = await storesRepository.stockOfProduct(tx, businessId, productId);
    return rows.map((row) => ({
      store_id: row.storeId,
      name: row.name,
      is_default: row.isDefault,
      is_active: row.isActive,
      quantity: row.quantity,
      shelf: row.shelf,
      in_transit: row.inTransit,
    }));
  });
}

/** The quantities of the given products in one store (the stock list's store filter). */
export async function getStoreQuantities(database: Database, businessId: string, storeId: string, productIds: string[]): Promise<{ productId: string; quantity: number }[]> {
  return database.withTenant(businessId, async (tx) => {
    if (!(await storesRepository.findById(tx, businessId, storeId))) throw storeNotFound();
    const found = await storesRepository.quantitiesInStore(tx, businessId, storeId, productIds);
    return productIds.map((productId) => ({ productId, quantity: found.get(productId) ?? 0 }));
  });
}

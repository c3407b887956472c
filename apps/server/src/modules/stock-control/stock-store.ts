import type { Tx } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { currentStore } from '../stores/current-store.ts';
import { requireActiveStore } from '../stores/store-errors.ts';
import { stockControlRepository as repo } from './stock-control.repository.ts';

export interface StockStore {
  id: string;
  name: string;
  /** The business has more than one store: stock is checked and counted per store. */
  perStore: boolean;
}

/**
 * The store an adjustment, waste record or count moves (decision 049): the one named, which must
 * be an open store of this business the employee works in (another business's store is 404
 * store_not_found: row-level security hides it), else the current store: the till's, the
 * employee's only store, else the main store (decision 059).
 */
export async function stockStore(tx: Tx, tenant: TenantContext, storeId: string | undefined): Promise<StockStore> {
  const store = storeId ? await requireActiveStore(tx, tenant, storeId) : (await currentStore(tx, tenant)).store;
  return { id: store.id, name: store.name, perStore: await repo.hasSeveralStores(tx, tenant.businessId) };
}

/** The stock a write checks against: the store's with several stores, else the product's (the same number). */
export async function stockOnHand(tx: Tx, businessId: string, store: StockStore, product: { id: string; stockQuantity: number }): Promise<number> {
  return store.perStore ? repo.storeQuantity(tx, businessId, store.id, product.id) : product.stockQuantity;
}

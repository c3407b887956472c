import type { SetShelvesInput } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireActiveStore } from '../stores/store-errors.ts';
import { actorOf } from './stock-control-errors.ts';
import { stockControlRepository as repo } from './stock-control.repository.ts';

/**
 * Where products sit in one store (decision 049): the shelf a count by shelf covers. Kept on the
 * product's stock row of that store, so each store lays out its own shelves. All or nothing.
 */
export async function setShelves(database: Database, tenant: TenantContext, storeId: string, input: SetShelvesInput) {
  const ids = input.lines.map((line) => line.productId);
  if (new Set(ids).size !== ids.length) throw new AppError(400, 'validation_error', 'Each product may appear once');
  const businessId = tenant.businessId;
  return database.withTenant(businessId, async (tx) => {
    const store = await requireActiveStore(tx, tenant, storeId);
    const missing = await repo.setShelves(tx, businessId, store.id, input.lines);
    // Nothing is kept when a product is unknown: the transaction rolls back.
    if (missing.length > 0) throw new AppError(404, 'product_not_found', 'No such product', { product_ids: missing });
    await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'stock.shelves_set', details: { store_id: store.id, products: input.lines.length } });
    return { updated: input.lines.length };
  });
}

import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf, productNotFound } from './batch-errors.ts';
import { batchesRepository as repo } from './batches.repository.ts';

/**
 * Switches a product's batch tracking (decision 048). Switching it on needs stock tracking, and
 * puts each store's stock that no lot accounts for in the store's "no lot" batch, so the batches
 * add up to the stock from the first moment. Switched off, the batches stay as they were and stop
 * moving; switched on again, the "no lot" batches take up what moved meanwhile. Audited.
 */
export async function setBatchTracking(database: Database, tenant: TenantContext, productId: string, input: { trackBatches: boolean }) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const product = await repo.lockProduct(tx, tenant.businessId, productId);
    if (!product) throw productNotFound();
    if (input.trackBatches && !product.trackStock) {
      throw new AppError(409, 'stock_not_tracked', `Stock is not tracked for ${product.name}; switch on stock tracking first`);
    }
    if (product.trackBatches !== input.trackBatches) {
      await repo.setTracking(tx, tenant.businessId, productId, input.trackBatches);
      if (input.trackBatches) await repo.reconcile(tx, tenant.businessId, productId);
      await repo.insertAudit(tx, {
        businessId: tenant.businessId,
        ...actorOf(tenant),
        action: input.trackBatches ? 'stock.batches_on' : 'stock.batches_off',
        details: { product_id: productId, name: product.name },
      });
    }
    return { product_id: productId, name: product.name, track_batches: input.trackBatches };
  });
}

import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { priceLabelsRepository as repo } from './price-labels.repository.ts';

/** Drops a product from the labels to print without printing it (its shelf label is fine as it is). */
export async function removeFromLabelQueue(database: Database, businessId: string, productId: string) {
  return database.withTenant(businessId, async (tx) => {
    const removed = await repo.dequeue(tx, businessId, [productId]);
    if (removed.length === 0) throw notFound('label_not_queued', 'This product is not in the labels to print');
    return { removed: true as const };
  });
}

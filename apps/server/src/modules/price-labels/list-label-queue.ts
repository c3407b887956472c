import type { Database } from '../../db/client.ts';
import { priceLabelsRepository as repo } from './price-labels.repository.ts';

/** The labels to print: products whose price changed since their label was last printed, newest change first. */
export async function listLabelQueue(database: Database, businessId: string) {
  return database.withTenant(businessId, async (tx) => {
    const rows = await repo.queue(tx, businessId);
    return {
      items: rows.map((row) => ({
        product_id: row.productId,
        name: row.name,
        sku: row.sku,
        barcode: row.barcode,
        price: row.price,
        old_price: row.oldPrice,
        queued_at: row.queuedAt.toISOString(),
      })),
    };
  });
}

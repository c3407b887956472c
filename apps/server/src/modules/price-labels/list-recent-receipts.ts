import type { Database } from '../../db/client.ts';
import { priceLabelsRepository as repo } from './price-labels.repository.ts';

/** The last deliveries and their products, to print labels for what just arrived. */
export async function listRecentReceipts(database: Database, businessId: string) {
  return database.withTenant(businessId, async (tx) => {
    const receipts = await repo.recentReceipts(tx, businessId, 10);
    return {
      receipts: receipts.map((receipt) => ({
        id: receipt.id,
        received_at: receipt.receivedAt.toISOString(),
        supplier_name: receipt.supplierName,
        lines: receipt.lines.map((line) => ({ product_id: line.productId, name: line.name, quantity: line.quantity })),
      })),
    };
  });
}

import type { Database } from '../../db/client.ts';
import { readPurchaseOrder } from './read-purchase-order.ts';

/** A purchase order with its supplier, lines (ordered and received) and receipts. */
export async function getPurchaseOrder(database: Database, businessId: string, id: string) {
  return database.withTenant(businessId, (tx) => readPurchaseOrder(tx, businessId, id));
}

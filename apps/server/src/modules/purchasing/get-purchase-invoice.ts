import type { Database } from '../../db/client.ts';
import { businessToday } from './business-today.ts';
import { purchasingRepository } from './purchasing.repository.ts';
import { readPurchaseInvoice } from './read-purchase-invoice.ts';

/** A purchasing invoice with its three-way match per line and its payments. */
export async function getPurchaseInvoice(database: Database, businessId: string, id: string, now: Date) {
  return database.withTenant(businessId, async (tx) => {
    const business = await purchasingRepository.businessOf(tx, businessId);
    return readPurchaseInvoice(tx, businessId, id, businessToday(business.timeZone, now));
  });
}

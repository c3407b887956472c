import type { Database } from '../../db/client.ts';
import { businessToday } from './business-today.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';
import { readInvoice } from './read-invoice.ts';

export async function getInvoice(database: Database, businessId: string, id: string, now: Date) {
  return database.withTenant(businessId, async (tx) => {
    const business = await repo.businessOf(tx, businessId);
    return readInvoice(tx, businessId, id, businessToday(business.timeZone, now));
  });
}

import type { InvoiceDisplayStatus } from '@till/core';
import type { Database } from '../../db/client.ts';
import { businessToday } from './business-today.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';
import { listItemOf } from './read-invoice.ts';

// A filter on an open status (sent, say) leaves out the overdue ones, as the list labels them.
const OPEN: readonly string[] = ['issued', 'sent', 'partly_paid'];

/** Newest first, filtered by shown status (overdue is open and past due) and searched by customer or number; with what is outstanding and overdue. */
export async function listInvoices(database: Database, businessId: string, query: { status?: InvoiceDisplayStatus | undefined; q?: string | undefined; limit: number; offset: number }, now: Date) {
  return database.withTenant(businessId, async (tx) => {
    const business = await repo.businessOf(tx, businessId);
    const today = businessToday(business.timeZone, now);
    const statuses = query.status === undefined ? null : query.status === 'overdue' ? ['issued', 'sent', 'partly_paid'] : [query.status];
    const rows = await repo.search(tx, businessId, { statuses, overdueBefore: query.status === 'overdue' ? today : null, dueFrom: query.status && OPEN.includes(query.status) ? today : null, q: query.q, limit: query.limit + 1, offset: query.offset });
    const items = rows.slice(0, query.limit).map((row) => listItemOf(row, today));
    return {
      invoices: items,
      hasMore: rows.length > query.limit,
      currency: business.currency,
      summary: await repo.outstanding(tx, businessId, today),
    };
  });
}

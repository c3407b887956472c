import type { Database } from '../../db/client.ts';
import { businessToday } from './business-today.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { purchaseInvoicesRepository as repo } from './purchase-invoices.repository.ts';
import { purchasingRepository } from './purchasing.repository.ts';
import { invoiceSummary } from './read-purchase-invoice.ts';

const isDate = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

/** Purchasing invoices by due date (oldest first), optionally of one payment status or supplier; a page at a time. */
export async function listPurchaseInvoices(
  database: Database,
  businessId: string,
  input: { status?: 'unpaid' | 'partly_paid' | 'paid' | undefined; supplierId?: string | undefined; limit: number; cursor?: string | undefined },
  now: Date,
) {
  const after = input.cursor ? decodeCursor(input.cursor, isDate) : null;
  return database.withTenant(businessId, async (tx) => {
    const business = await purchasingRepository.businessOf(tx, businessId);
    const today = businessToday(business.timeZone, now);
    const rows = await repo.list(tx, businessId, { status: input.status, supplierId: input.supplierId, limit: input.limit + 1, after: after && { dueDate: after.key, id: after.id } });
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    return {
      invoices: page.map((row) => invoiceSummary(row.invoice, row.supplierName, business.currency, today)),
      nextCursor: rows.length > input.limit && last ? encodeCursor(last.invoice.dueDate, last.invoice.id) : null,
    };
  });
}

import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessToday } from './business-today.ts';
import { actorOf, ensureInvoiceTransition, invoiceNotFound } from './invoice-errors.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';
import { readInvoice } from './read-invoice.ts';

/** Issued or sent, nothing paid or credited → void. It keeps its number (the series stays gap-free). Audited. */
export async function voidInvoice(database: Database, tenant: TenantContext, id: string, input: { reason?: string | null | undefined }, now: Date) {
  const businessId = tenant.businessId;
  return database.withTenant(businessId, async (tx) => {
    const invoice = await repo.find(tx, businessId, id, true);
    if (!invoice) throw invoiceNotFound();
    ensureInvoiceTransition(invoice, 'void');
    await repo.update(tx, businessId, id, { status: 'void', voidedAt: now, voidReason: input.reason?.trim() || null });
    await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'invoice.voided', details: { invoice_id: id, number: invoice.number, reason: input.reason ?? null } });
    const business = await repo.businessOf(tx, businessId);
    return readInvoice(tx, businessId, id, businessToday(business.timeZone, now));
  });
}

import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessToday } from './business-today.ts';
import { actorOf, ensureInvoiceTransition, invoiceNotFound } from './invoice-errors.ts';
import { resolveDraft, type DraftFields } from './invoice-lines.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';
import { readInvoice } from './read-invoice.ts';

/** Replaces a draft's customer, terms, texts and lines; an issued invoice is 409 (void it or credit it). */
export async function updateInvoice(database: Database, tenant: TenantContext, id: string, input: DraftFields, now: Date) {
  const businessId = tenant.businessId;
  return database.withTenant(businessId, async (tx) => {
    const invoice = await repo.find(tx, businessId, id, true);
    if (!invoice) throw invoiceNotFound();
    ensureInvoiceTransition(invoice, 'edit');
    const draft = await resolveDraft(tx, businessId, input);
    await repo.update(tx, businessId, id, {
      ...draft.customer,
      pricesIncludeTax: input.pricesIncludeTax ?? invoice.pricesIncludeTax,
      paymentTerms: input.paymentTerms,
      notes: input.notes?.trim() || null,
      paymentInstructions: input.paymentInstructions?.trim() || null,
      net: draft.totals.net,
      tax: draft.totals.tax,
      total: draft.totals.total,
    });
    await repo.replaceLines(tx, id, draft.lines(id));
    await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'invoice.draft_updated', details: { invoice_id: id, total: draft.totals.total } });
    const business = await repo.businessOf(tx, businessId);
    return readInvoice(tx, businessId, id, businessToday(business.timeZone, now));
  });
}

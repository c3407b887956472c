import type { Database, Tx } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessToday } from './business-today.ts';
import { actorOf } from './invoice-errors.ts';
import { resolveDraft, type DraftFields } from './invoice-lines.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';
import { readInvoice } from './read-invoice.ts';

export type { DraftFields, DraftLineInput } from './invoice-lines.ts';

/** In an open tenant transaction: a draft invoice (no number yet) with its lines and totals. Audited. */
export async function insertDraftInvoice(tx: Tx, tenant: TenantContext, input: DraftFields & { orderId?: string | null }) {
  const businessId = tenant.businessId;
  const draft = await resolveDraft(tx, businessId, input);
  const business = await repo.businessOf(tx, businessId);
  const invoice = await repo.insert(tx, {
    businessId,
    ...draft.customer,
    orderId: input.orderId ?? null,
    currency: business.currency,
    pricesIncludeTax: input.pricesIncludeTax ?? false,
    paymentTerms: input.paymentTerms,
    notes: input.notes?.trim() || null,
    paymentInstructions: input.paymentInstructions?.trim() || null,
    net: draft.totals.net,
    tax: draft.totals.tax,
    total: draft.totals.total,
  });
  await repo.replaceLines(tx, invoice.id, draft.lines(invoice.id));
  await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'invoice.draft_created', details: { invoice_id: invoice.id, total: draft.totals.total, order_id: input.orderId ?? null } });
  return invoice.id;
}

/**
 * A draft invoice from lines given by the caller: the invoices page's form, and other modules
 * (a workshop's repair order, say) that bill a customer. Lines may name one of the business's
 * tax rates (taxRateId) or carry a rate in basis points. Returns the invoice as the API shows it.
 */
export async function createDraftInvoiceFromLines(database: Database, tenant: TenantContext, input: DraftFields & { orderId?: string | null }, now = new Date()) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const id = await insertDraftInvoice(tx, tenant, input);
    const business = await repo.businessOf(tx, tenant.businessId);
    return readInvoice(tx, tenant.businessId, id, businessToday(business.timeZone, now));
  });
}

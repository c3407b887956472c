import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf, ensureInvoiceTransition, invoiceNotFound } from './invoice-errors.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';

/** Deletes a draft (it has no number, so no gap is left). An issued invoice is voided instead. */
export async function deleteInvoice(database: Database, tenant: TenantContext, id: string) {
  await database.withTenant(tenant.businessId, async (tx) => {
    const invoice = await repo.find(tx, tenant.businessId, id, true);
    if (!invoice) throw invoiceNotFound();
    ensureInvoiceTransition(invoice, 'delete');
    await repo.remove(tx, tenant.businessId, id);
    await repo.insertAudit(tx, { businessId: tenant.businessId, ...actorOf(tenant), action: 'invoice.draft_deleted', details: { invoice_id: id } });
  });
  return { deleted: true as const };
}

import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import type { StorageService } from '../storage/storage-service.ts';
import { businessToday } from './business-today.ts';
import { purchaseInvoicesRepository as repo } from './purchase-invoices.repository.ts';
import { actorOf } from './purchasing-errors.ts';
import { purchasingRepository } from './purchasing.repository.ts';
import { invoiceNotFound, readPurchaseInvoice } from './read-purchase-invoice.ts';

export const INVOICE_FILES_BUCKET = 'purchase-invoices';

/**
 * Attaches the supplier's PDF or photo, uploaded first to the business's 'purchase-invoices'
 * storage bucket (SPEC §7 storage; the bucket checks type and size), to the invoice; null detaches.
 * 404 when no such object exists. Audited.
 */
export async function attachInvoiceFile(database: Database, storage: StorageService, tenant: TenantContext, invoiceId: string, name: string | null, now: Date) {
  // Throws 404 object_not_found for a name the bucket does not hold.
  if (name !== null) await storage.headObject(tenant.businessId, INVOICE_FILES_BUCKET, name);
  return database.withTenant(tenant.businessId, async (tx) => {
    const invoice = await repo.find(tx, tenant.businessId, invoiceId, true);
    if (!invoice) throw invoiceNotFound();
    await repo.setAttachment(tx, invoiceId, name);
    await purchasingRepository.insertAudits(tx, [
      { businessId: tenant.businessId, ...actorOf(tenant), action: name ? 'purchase_invoice.file_attached' : 'purchase_invoice.file_detached', details: { invoice_id: invoiceId, name } },
    ]);
    const business = await purchasingRepository.businessOf(tx, tenant.businessId);
    return readPurchaseInvoice(tx, tenant.businessId, invoiceId, businessToday(business.timeZone, now));
  });
}

/** A link that opens the attached file for an hour, or null (none, or the object was deleted since). */
export async function attachmentUrlOf(storage: StorageService, businessId: string, name: string | null): Promise<string | null> {
  if (!name) return null;
  try {
    return (await storage.createSignedUrl(businessId, INVOICE_FILES_BUCKET, name, 3600)).signedUrl;
  } catch {
    return null;
  }
}

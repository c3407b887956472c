import { formatMoney, invoiceBalance } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { safeDisplayName, type Mailer } from '../../lib/mailer.ts';
import { businessToday } from './business-today.ts';
import { actorOf, ensureInvoiceTransition, invoiceNotFound } from './invoice-errors.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';
import { readInvoice } from './read-invoice.ts';
import { renderInvoicePdf } from './render-invoice-pdf.ts';

/**
 * E-mails the invoice with its PDF attached through the outbox (sent by SMTP when configured) to
 * the given address or the customer's, and marks an issued invoice sent. A draft is 409: issue
 * it first. The PDF is made before anything changes (a document that cannot be printed is not
 * sent); the mail is queued outside the tenant transaction, as the mailer writes with its own
 * handle. Audited.
 */
export async function sendInvoice(database: Database, mailer: Mailer, tenant: TenantContext, id: string, input: { email?: string | undefined }, now: Date) {
  const businessId = tenant.businessId;
  const current = await database.withTenant(businessId, (tx) => repo.find(tx, businessId, id));
  if (!current) throw invoiceNotFound();
  ensureInvoiceTransition(current, 'send');
  const recipient = input.email ?? current.customerEmail;
  if (!recipient) throw new AppError(400, 'email_required', 'This customer has no e-mail address: type the address to send the invoice to');
  const { invoice, business, pdf } = await renderInvoicePdf(database, businessId, id, now);
  const name = safeDisplayName(business.name);
  await mailer.enqueue({
    channel: 'email',
    recipient,
    subject: `Invoice ${invoice.label} from ${name}`,
    body: [
      `Invoice ${invoice.label} from ${name}`,
      '',
      `Amount due: ${formatMoney(invoiceBalance(invoice), invoice.currency)}${invoice.dueDate ? `, by ${invoice.dueDate}` : ''}.`,
      invoice.paymentInstructions ? `\n${invoice.paymentInstructions}` : null,
      '',
      'The invoice is attached as a PDF.',
    ]
      .filter((line) => line !== null)
      .join('\n'),
    attachments: [{ filename: `${invoice.label}.pdf`, contentType: 'application/pdf', content: pdf }],
  });
  return database.withTenant(businessId, async (tx) => {
    const row = await repo.find(tx, businessId, id, true);
    if (!row) throw invoiceNotFound();
    await repo.update(tx, businessId, id, { status: row.status === 'issued' ? 'sent' : row.status, sentAt: now, emailedTo: recipient });
    await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'invoice.sent', details: { invoice_id: id, number: row.number, email: recipient } });
    return { emailedTo: recipient, invoice: await readInvoice(tx, businessId, id, businessToday(business.timeZone, now)) };
  });
}

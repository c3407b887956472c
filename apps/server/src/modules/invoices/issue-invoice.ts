import { invoiceDueDate, invoiceLabel, type PaymentTerms } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessToday } from './business-today.ts';
import { actorOf, ensureInvoiceTransition, invoiceNotFound } from './invoice-errors.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';
import { readInvoice } from './read-invoice.ts';

/**
 * draft → issued: the next invoice number of the business, taken in this transaction from the
 * counter row (so concurrent issues queue on it and a rollback gives the number back: no gaps,
 * no duplicates), the issue date (today in the business's time zone unless given) and the due
 * date from the payment terms. Audited.
 */
export async function issueInvoice(database: Database, tenant: TenantContext, id: string, input: { issueDate?: string | undefined }, now: Date) {
  return database.withTenant(tenant.businessId, (tx) => issueInvoiceIn(tx, tenant, id, input, now));
}

/** issueInvoice inside a caller's open tenant transaction (a repair order invoiced at once, decision 038). */
export async function issueInvoiceIn(tx: Tx, tenant: TenantContext, id: string, input: { issueDate?: string | undefined }, now: Date) {
  const businessId = tenant.businessId;
  const invoice = await repo.find(tx, businessId, id, true);
  if (!invoice) throw invoiceNotFound();
  ensureInvoiceTransition(invoice, 'issue');
  if ((await repo.linesOf(tx, id)).length === 0) throw new AppError(409, 'invoice_empty', 'Add at least one line before issuing the invoice');
  const business = await repo.businessOf(tx, businessId);
  const today = businessToday(business.timeZone, now);
  const issueDate = input.issueDate ?? today;
  const dueDate = invoiceDueDate(issueDate, invoice.paymentTerms as PaymentTerms);
  const number = await repo.nextNumber(tx, businessId, 'invoice');
  await repo.update(tx, businessId, id, { number, status: 'issued', issueDate, dueDate });
  await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'invoice.issued', details: { invoice_id: id, number, label: invoiceLabel(number), total: invoice.total } });
  return readInvoice(tx, businessId, id, today);
}

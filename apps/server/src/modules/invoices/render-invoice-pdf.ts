import { creditNoteLabel, formatMoney, INVOICE_PAYMENT_METHOD_LABELS, invoiceBalance, PAYMENT_TERMS_LABELS, type InvoicePaymentMethod } from '@till/core';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { renderDocumentPdf } from '../../lib/documents/index.ts';
import { getInvoice } from './get-invoice.ts';
import { invoicesRepository as repo } from './invoices.repository.ts';

/**
 * The invoice as an A4 PDF (pdfkit, decision 010): the business, number and dates, the customer,
 * lines, tax by rate, totals with payments and credit notes, what is still due, and how to pay.
 * A draft has no number: it prints marked as a draft.
 */
export async function renderInvoicePdf(database: Database, businessId: string, id: string, now: Date) {
  const invoice = await getInvoice(database, businessId, id, now);
  const business = await database.withTenant(businessId, (tx) => repo.businessOf(tx, businessId));
  if (invoice.status === 'void' && invoice.label === null) throw new AppError(409, 'invoice_status_conflict', 'This invoice was never issued');
  const withTax = invoice.lines.some((line) => line.taxRateBp > 0);
  const due = invoice.status === 'void' ? 0 : invoiceBalance(invoice);
  const totals = [
    ...(withTax ? [{ label: 'Net', amount: invoice.net }, { label: 'Tax', amount: invoice.tax }] : []),
    { label: 'Invoice total', amount: invoice.total, strong: !invoice.paidTotal && !invoice.creditedTotal },
    ...invoice.creditNotes.map((note) => ({ label: `Credit note ${note.label}`, amount: -note.total })),
    ...invoice.payments.map((payment) => ({ label: `Paid ${payment.paidOn} (${INVOICE_PAYMENT_METHOD_LABELS[payment.method as InvoicePaymentMethod] ?? payment.method})`, amount: -payment.amount })),
    ...(invoice.paidTotal || invoice.creditedTotal ? [{ label: 'Amount due', amount: due, strong: true }] : []),
  ];
  const pdf = await renderDocumentPdf({
    page: 'a4',
    currency: invoice.currency,
    locale: 'en-US',
    time_zone: business.timeZone,
    business: { name: business.name },
    title: invoice.status === 'void' ? 'Invoice (void)' : invoice.label ? 'Invoice' : 'Draft invoice',
    ...(invoice.label ? { number: invoice.label } : {}),
    dates: [
      ...(invoice.issueDate ? [{ label: 'Issue date', date: invoice.issueDate }] : []),
      ...(invoice.dueDate ? [{ label: 'Due date', date: invoice.dueDate }] : []),
    ],
    parties: [
      {
        label: 'Bill to',
        name: invoice.customer.name,
        lines: [...(invoice.customer.address ?? '').split(/\r?\n/), invoice.customer.email].filter((line): line is string => Boolean(line && line.trim())),
      },
    ],
    lines: invoice.lines.map((line) => ({
      description: line.description,
      ...(line.discount > 0 ? { detail: `Less ${formatMoney(line.discount, invoice.currency)} discount` } : {}),
      quantity: line.quantity,
      unit_price: line.unitPrice,
      ...(withTax ? { tax_rate_bp: line.taxRateBp } : {}),
      total: invoice.pricesIncludeTax ? line.total : line.net,
    })),
    ...(withTax ? { tax_summary: invoice.taxByRate.map((rate) => ({ rate_bp: rate.rateBp, net: rate.net, tax: rate.tax })) } : {}),
    totals,
    payment: {
      lines: [
        `Terms: ${PAYMENT_TERMS_LABELS[invoice.paymentTerms]}.`,
        ...(invoice.label ? [`Please quote ${invoice.label} with your payment.`] : []),
        ...(invoice.paymentInstructions ? invoice.paymentInstructions.split(/\r?\n/) : []),
      ],
    },
    ...(invoice.notes ? { notes: invoice.notes } : {}),
    ...(invoice.creditNotes.length ? { footer: `Credit notes: ${invoice.creditNotes.map((note) => creditNoteLabel(note.number)).join(', ')}` } : {}),
  });
  return { invoice, business, pdf };
}

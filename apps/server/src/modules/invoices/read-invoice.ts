import { creditNoteLabel, invoiceBalance, invoiceDisplayStatus, invoiceLabel, type InvoiceDisplayStatus, type InvoiceStatus, type PaymentTerms } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { invoiceNotFound } from './invoice-errors.ts';
import { invoicesRepository as repo, type InvoiceRow } from './invoices.repository.ts';

export interface InvoiceListItem {
  id: string;
  number: number | null;
  label: string | null;
  status: InvoiceStatus;
  displayStatus: InvoiceDisplayStatus;
  customerName: string;
  customerEmail: string | null;
  currency: string;
  issueDate: string | null;
  dueDate: string | null;
  total: number;
  balance: number;
  createdAt: string;
}

export function listItemOf(row: InvoiceRow, today: string): InvoiceListItem {
  return {
    id: row.id,
    number: row.number,
    label: row.number === null ? null : invoiceLabel(row.number),
    status: row.status,
    displayStatus: invoiceDisplayStatus(row, today),
    customerName: row.customerName,
    customerEmail: row.customerEmail,
    currency: row.currency,
    issueDate: row.issueDate,
    dueDate: row.dueDate,
    total: row.total,
    balance: row.status === 'void' || row.status === 'draft' ? 0 : invoiceBalance(row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The whole invoice as the API shows it: lines, tax by rate, payments, credit notes. */
export async function readInvoice(tx: Tx, businessId: string, id: string, today: string) {
  const row = await repo.find(tx, businessId, id);
  if (!row) throw invoiceNotFound();
  const lines = await repo.linesOf(tx, id);
  const payments = await repo.paymentsOf(tx, id);
  const notes = await repo.creditNotesOf(tx, id);
  const noteLines = await repo.creditNoteLinesOf(
    tx,
    notes.map((note) => note.id),
  );
  const byRate = new Map<number, { rateBp: number; net: number; tax: number }>();
  for (const line of lines) {
    const entry = byRate.get(line.taxRateBp) ?? { rateBp: line.taxRateBp, net: 0, tax: 0 };
    entry.net += line.net;
    entry.tax += line.tax;
    byRate.set(line.taxRateBp, entry);
  }
  return {
    ...listItemOf(row, today),
    customer: { id: row.customerId, name: row.customerName, email: row.customerEmail, address: row.customerAddress },
    orderId: row.orderId,
    pricesIncludeTax: row.pricesIncludeTax,
    paymentTerms: row.paymentTerms as PaymentTerms,
    notes: row.notes,
    paymentInstructions: row.paymentInstructions,
    net: row.net,
    tax: row.tax,
    paidTotal: row.paidTotal,
    creditedTotal: row.creditedTotal,
    taxByRate: [...byRate.values()].sort((a, b) => a.rateBp - b.rateBp),
    lines: lines.map((line) => ({
      id: line.id,
      description: line.description,
      quantity: line.quantity,
      unitPrice: line.unitPrice,
      discount: line.discount,
      taxRateId: line.taxRateId,
      taxRateName: line.taxRateName,
      taxRateBp: line.taxRateBp,
      net: line.net,
      tax: line.tax,
      total: line.total,
      creditedQuantity: line.creditedQuantity,
    })),
    payments: payments.map((payment) => ({
      id: payment.id,
      amount: payment.amount,
      method: payment.method,
      paidOn: payment.paidOn,
      reference: payment.reference,
      createdAt: payment.createdAt.toISOString(),
    })),
    creditNotes: notes.map((note) => ({
      id: note.id,
      number: note.number,
      label: creditNoteLabel(note.number),
      issueDate: note.issueDate,
      reason: note.reason,
      net: note.net,
      tax: note.tax,
      total: note.total,
      lines: noteLines
        .filter((line) => line.creditNoteId === note.id)
        .map((line) => ({ invoiceLineId: line.invoiceLineId, description: line.description, quantity: line.quantity, net: line.net, tax: line.tax, total: line.total })),
    })),
    sentAt: row.sentAt?.toISOString() ?? null,
    emailedTo: row.emailedTo,
    voidedAt: row.voidedAt?.toISOString() ?? null,
    voidReason: row.voidReason,
    updatedAt: row.updatedAt.toISOString(),
  };
}

export type InvoiceView = Awaited<ReturnType<typeof readInvoice>>;

import { divideRounded, MoneyError, type Minor } from './money.ts';
import { priceCart } from './pricing.ts';

/**
 * Customer invoices (issue 18 item 4, decision 031). Amounts are integer minor units; rates are
 * basis points. The server re-runs these on every write and never trusts a client's totals.
 */

/** What is stored. "overdue" is not stored: it is derived from the due date (invoiceDisplayStatus). */
export const INVOICE_STATUS_VALUES = ['draft', 'issued', 'sent', 'partly_paid', 'paid', 'void'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUS_VALUES)[number];
export const INVOICE_DISPLAY_STATUS_VALUES = [...INVOICE_STATUS_VALUES, 'overdue'] as const;
export type InvoiceDisplayStatus = (typeof INVOICE_DISPLAY_STATUS_VALUES)[number];

export const INVOICE_STATUS_LABELS: Record<InvoiceDisplayStatus, string> = {
  draft: 'Draft',
  issued: 'Issued',
  sent: 'Sent',
  partly_paid: 'Partly paid',
  paid: 'Paid',
  overdue: 'Overdue',
  void: 'Void',
};

export const PAYMENT_TERMS_VALUES = ['due_on_receipt', 'net_7', 'net_14', 'net_30'] as const;
export type PaymentTerms = (typeof PAYMENT_TERMS_VALUES)[number];
export const PAYMENT_TERMS_DAYS: Record<PaymentTerms, number> = { due_on_receipt: 0, net_7: 7, net_14: 14, net_30: 30 };
export const PAYMENT_TERMS_LABELS: Record<PaymentTerms, string> = {
  due_on_receipt: 'Due on receipt',
  net_7: 'Net 7 days',
  net_14: 'Net 14 days',
  net_30: 'Net 30 days',
};

export const INVOICE_PAYMENT_METHODS = ['bank_transfer', 'cash', 'card', 'cheque', 'other'] as const;
export type InvoicePaymentMethod = (typeof INVOICE_PAYMENT_METHODS)[number];
export const INVOICE_PAYMENT_METHOD_LABELS: Record<InvoicePaymentMethod, string> = {
  bank_transfer: 'Bank transfer',
  cash: 'Cash',
  card: 'Card',
  cheque: 'Cheque',
  other: 'Other',
};

/** The due date: the issue date (YYYY-MM-DD) plus the terms' days, in calendar days. */
export function invoiceDueDate(issueDate: string, terms: PaymentTerms): string {
  const date = new Date(`${issueDate}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) throw new MoneyError(`"${issueDate}" is not a date`);
  date.setUTCDate(date.getUTCDate() + PAYMENT_TERMS_DAYS[terms]);
  return date.toISOString().slice(0, 10);
}

/** Invoice numbers and credit-note numbers are two series per business, each without gaps. */
export const invoiceLabel = (number: number) => `INV-${String(number).padStart(4, '0')}`;
export const creditNoteLabel = (number: number) => `CN-${String(number).padStart(4, '0')}`;

/** True when the numbers are exactly 1, 2, …, n in some order: no gap, no duplicate. */
export function isGapFreeSeries(numbers: readonly number[]): boolean {
  const sorted = [...numbers].sort((a, b) => a - b);
  return sorted.every((number, index) => number === index + 1);
}

export interface InvoiceLineInput {
  quantity: number;
  unitPrice: Minor;
  taxRateBp: number;
  /** An amount off the line (copied from an order's discounts), never more than the line. */
  discount?: Minor;
}

export interface InvoiceTotals {
  lines: { net: Minor; tax: Minor; total: Minor; discount: Minor }[];
  net: Minor;
  tax: Minor;
  total: Minor;
  taxByRate: { rateBp: number; net: Minor; tax: Minor }[];
}

/**
 * Line and invoice totals with tax by rate, by the one pricing rule (decision 004): tax per line,
 * half away from zero; prices with or without tax included.
 */
export function invoiceTotals(lines: readonly InvoiceLineInput[], pricesIncludeTax = false): InvoiceTotals {
  const priced = priceCart({
    lines: lines.map((line) => ({
      unitPrice: line.unitPrice,
      quantity: line.quantity,
      taxRateBasisPoints: line.taxRateBp,
      discount: line.discount ? { kind: 'amount', amount: line.discount } : null,
    })),
    pricesIncludeTax,
  });
  return {
    lines: priced.lines.map((line) => ({ net: line.net, tax: line.tax, total: line.total, discount: line.lineDiscount })),
    net: priced.subtotal,
    tax: priced.taxTotal,
    total: priced.total,
    taxByRate: priced.taxByRate.map((rate) => ({ rateBp: rate.taxRateBasisPoints, net: rate.net, tax: rate.tax })),
  };
}

/** What the customer still owes: the total less payments and credit notes. */
export function invoiceBalance(invoice: { total: Minor; paidTotal: Minor; creditedTotal: Minor }): Minor {
  return Math.max(0, invoice.total - invoice.paidTotal - invoice.creditedTotal);
}

/** The stored status once payments or credit notes changed what is owed (issued invoices only). */
export function statusAfterSettlement(invoice: { status: InvoiceStatus; total: Minor; paidTotal: Minor; creditedTotal: Minor }): InvoiceStatus {
  if (invoice.status === 'draft' || invoice.status === 'void') return invoice.status;
  if (invoiceBalance(invoice) === 0) return 'paid';
  if (invoice.paidTotal > 0) return 'partly_paid';
  return invoice.status === 'partly_paid' || invoice.status === 'paid' ? 'sent' : invoice.status;
}

/** Overdue: issued, not settled, and its due date is before today (business calendar day). */
export function invoiceDisplayStatus(invoice: { status: InvoiceStatus; dueDate: string | null }, today: string): InvoiceDisplayStatus {
  const open = invoice.status === 'issued' || invoice.status === 'sent' || invoice.status === 'partly_paid';
  if (open && invoice.dueDate !== null && invoice.dueDate < today) return 'overdue';
  return invoice.status;
}

export type InvoiceAction = 'edit' | 'delete' | 'issue' | 'send' | 'pay' | 'credit' | 'void';

const ALLOWED: Record<InvoiceAction, readonly InvoiceStatus[]> = {
  edit: ['draft'],
  delete: ['draft'],
  issue: ['draft'],
  send: ['issued', 'sent', 'partly_paid', 'paid'],
  pay: ['issued', 'sent', 'partly_paid'],
  credit: ['issued', 'sent', 'partly_paid'],
  void: ['issued', 'sent'],
};

/** Which actions a stored status allows; anything else answers 409. */
export function canInvoice(status: InvoiceStatus, action: InvoiceAction): boolean {
  return ALLOWED[action].includes(status);
}

/**
 * The share of an invoice line a credit note takes back: `quantity` of its units, in proportion
 * to the line's net and tax. The last units credited take what is left, so crediting a line in
 * parts adds up to the line exactly.
 */
export function creditLineAmounts(
  line: { quantity: number; net: Minor; tax: Minor; creditedQuantity: number; creditedNet: Minor; creditedTax: Minor },
  quantity: number,
): { net: Minor; tax: Minor; total: Minor } {
  if (!Number.isSafeInteger(quantity) || quantity <= 0) throw new MoneyError('quantity must be a positive whole number');
  const left = line.quantity - line.creditedQuantity;
  if (quantity > left) throw new MoneyError(`only ${left} of this line can still be credited`);
  if (quantity === left) {
    const net = line.net - line.creditedNet;
    const tax = line.tax - line.creditedTax;
    return { net, tax, total: net + tax };
  }
  const net = Number(divideRounded(BigInt(line.net) * BigInt(quantity), BigInt(line.quantity)));
  const tax = Number(divideRounded(BigInt(line.tax) * BigInt(quantity), BigInt(line.quantity)));
  return { net, tax, total: net + tax };
}

import type { PaymentTerms } from '@till/core';
import type { CreateCreditNoteInput } from './create-credit-note.ts';
import type { DraftFields } from './invoice-lines.ts';
import type { InvoiceListItem, InvoiceView } from './read-invoice.ts';
import type { RecordInvoicePaymentInput } from './record-invoice-payment.ts';

/**
 * Decision 070: every field on the wire is snake_case. The invoice use-cases keep TypeScript's
 * casing; these functions read the routes' bodies into their inputs and turn their views into the
 * answers the invoice routes send.
 */

export const invoiceListItemWire = (item: InvoiceListItem) => ({
  id: item.id,
  number: item.number,
  label: item.label,
  status: item.status,
  display_status: item.displayStatus,
  customer_name: item.customerName,
  customer_email: item.customerEmail,
  currency: item.currency,
  issue_date: item.issueDate,
  due_date: item.dueDate,
  total: item.total,
  balance: item.balance,
  created_at: item.createdAt,
});

export const invoiceWire = (invoice: InvoiceView) => ({
  ...invoiceListItemWire(invoice),
  customer: invoice.customer,
  order_id: invoice.orderId,
  prices_include_tax: invoice.pricesIncludeTax,
  payment_terms: invoice.paymentTerms,
  notes: invoice.notes,
  payment_instructions: invoice.paymentInstructions,
  net: invoice.net,
  tax: invoice.tax,
  paid_total: invoice.paidTotal,
  credited_total: invoice.creditedTotal,
  tax_by_rate: invoice.taxByRate.map((rate) => ({ rate_bp: rate.rateBp, net: rate.net, tax: rate.tax })),
  lines: invoice.lines.map((line) => ({
    id: line.id,
    description: line.description,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    discount: line.discount,
    tax_rate_id: line.taxRateId,
    tax_rate_name: line.taxRateName,
    tax_rate_bp: line.taxRateBp,
    net: line.net,
    tax: line.tax,
    total: line.total,
    credited_quantity: line.creditedQuantity,
  })),
  payments: invoice.payments.map((payment) => ({
    id: payment.id,
    amount: payment.amount,
    method: payment.method,
    paid_on: payment.paidOn,
    reference: payment.reference,
    created_at: payment.createdAt,
  })),
  credit_notes: invoice.creditNotes.map((note) => ({
    id: note.id,
    number: note.number,
    label: note.label,
    issue_date: note.issueDate,
    reason: note.reason,
    net: note.net,
    tax: note.tax,
    total: note.total,
    lines: note.lines.map((line) => ({ invoice_line_id: line.invoiceLineId, description: line.description, quantity: line.quantity, net: line.net, tax: line.tax, total: line.total })),
  })),
  sent_at: invoice.sentAt,
  emailed_to: invoice.emailedTo,
  voided_at: invoice.voidedAt,
  void_reason: invoice.voidReason,
  updated_at: invoice.updatedAt,
});

export const invoicePageWire = (page: {
  invoices: InvoiceListItem[];
  hasMore: boolean;
  currency: string;
  summary: { outstanding: number; overdue: number; openCount: number; overdueCount: number };
}) => ({
  invoices: page.invoices.map(invoiceListItemWire),
  has_more: page.hasMore,
  currency: page.currency,
  summary: { outstanding: page.summary.outstanding, overdue: page.summary.overdue, open_count: page.summary.openCount, overdue_count: page.summary.overdueCount },
});

export const invoiceChoicesWire = (choices: {
  taxRates: { id: string; name: string; basisPoints: number; isDefault: boolean }[];
  customers: { id: string; name: string; email: string | null }[];
  orders: { id: string; number: number | null; total: number; paidAt: string | null; customerName: string | null }[];
}) => ({
  tax_rates: choices.taxRates.map((rate) => ({ id: rate.id, name: rate.name, basis_points: rate.basisPoints, is_default: rate.isDefault })),
  customers: choices.customers.map((customer) => ({ id: customer.id, name: customer.name, email: customer.email })),
  orders: choices.orders.map((order) => ({ id: order.id, number: order.number, total: order.total, paid_at: order.paidAt, customer_name: order.customerName })),
});

export const payableInvoicesWire = (answer: {
  invoices: { id: string; number: number; label: string; customerName: string; currency: string; dueDate: string | null; total: number; balance: number }[];
}) => ({
  invoices: answer.invoices.map((invoice) => ({
    id: invoice.id,
    number: invoice.number,
    label: invoice.label,
    customer_name: invoice.customerName,
    currency: invoice.currency,
    due_date: invoice.dueDate,
    total: invoice.total,
    balance: invoice.balance,
  })),
});

interface CustomerBody {
  customer_id?: string | null | undefined;
  customer_name?: string | null | undefined;
  customer_email?: string | null | undefined;
  customer_address?: string | null | undefined;
}

const customerOf = (body: CustomerBody) => ({
  customerId: body.customer_id,
  customerName: body.customer_name,
  customerEmail: body.customer_email,
  customerAddress: body.customer_address,
});

/** POST and PUT /api/invoices: the body as createDraftInvoiceFromLines and updateInvoice take it. */
export const draftInputOf = (
  body: CustomerBody & {
    payment_terms: PaymentTerms;
    notes?: string | null | undefined;
    payment_instructions?: string | null | undefined;
    prices_include_tax?: boolean | undefined;
    lines: { description: string; quantity: number; unit_price: number; tax_rate_id?: string | null | undefined }[];
  },
): DraftFields => ({
  ...customerOf(body),
  paymentTerms: body.payment_terms,
  notes: body.notes,
  paymentInstructions: body.payment_instructions,
  pricesIncludeTax: body.prices_include_tax,
  lines: body.lines.map((line) => ({ description: line.description, quantity: line.quantity, unitPrice: line.unit_price, taxRateId: line.tax_rate_id })),
});

/** POST /api/invoices/from-order. */
export const fromOrderInputOf = (
  body: CustomerBody & { order_id: string; payment_terms: PaymentTerms; notes?: string | null | undefined; payment_instructions?: string | null | undefined },
) => ({
  orderId: body.order_id,
  ...customerOf(body),
  paymentTerms: body.payment_terms,
  notes: body.notes,
  paymentInstructions: body.payment_instructions,
});

/** POST /api/invoices/{id}/payments. */
export const paymentInputOf = (body: {
  idempotency_key: string;
  amount: number;
  method: RecordInvoicePaymentInput['method'];
  paid_on: string;
  reference?: string | null | undefined;
}): RecordInvoicePaymentInput => ({ idempotencyKey: body.idempotency_key, amount: body.amount, method: body.method, paidOn: body.paid_on, reference: body.reference });

/** POST /api/invoices/{id}/credit-notes. */
export const creditNoteInputOf = (body: {
  idempotency_key: string;
  reason?: string | null | undefined;
  lines?: { invoice_line_id: string; quantity: number }[] | undefined;
}): CreateCreditNoteInput => ({
  idempotencyKey: body.idempotency_key,
  reason: body.reason,
  lines: body.lines?.map((line) => ({ invoiceLineId: line.invoice_line_id, quantity: line.quantity })),
});

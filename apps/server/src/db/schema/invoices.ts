import { bigint, boolean, date, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { businesses } from './business.ts';
import { customers, orders } from './sales.ts';

/**
 * Customer invoices (issue 18 item 4, decision 031). Money is bigint minor units of the
 * business currency. Drafts have no number; issuing takes the next one from invoice_counters in
 * the same transaction, so numbers have no gaps. Credit notes have their own series there.
 */
const money = (name: string) => bigint(name, { mode: 'number' });
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const INVOICE_STATUSES = ['draft', 'issued', 'sent', 'partly_paid', 'paid', 'void'] as const;

export const invoiceCounters = pgTable('invoice_counters', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  lastInvoiceNumber: integer('last_invoice_number').notNull().default(0),
  lastCreditNoteNumber: integer('last_credit_note_number').notNull().default(0),
});

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    /** Null while a draft. */
    number: integer('number'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('draft'),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerEmail: text('customer_email'),
    customerAddress: text('customer_address'),
    /** The completed order its lines were copied from, if any. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    currency: text('currency').notNull(),
    pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
    paymentTerms: text('payment_terms').notNull(),
    issueDate: date('issue_date', { mode: 'string' }),
    dueDate: date('due_date', { mode: 'string' }),
    notes: text('notes'),
    paymentInstructions: text('payment_instructions'),
    net: money('net').notNull().default(0),
    tax: money('tax').notNull().default(0),
    total: money('total').notNull().default(0),
    paidTotal: money('paid_total').notNull().default(0),
    creditedTotal: money('credited_total').notNull().default(0),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    emailedTo: text('emailed_to'),
    voidedAt: timestamp('voided_at', { withTimezone: true }),
    voidReason: text('void_reason'),
    /** A till taking this invoice's payment through checkout holds it under its idempotency key (decision 038). */
    tillClaimKey: uuid('till_claim_key'),
    tillClaimedAt: timestamp('till_claimed_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('invoices_business_number').on(table.businessId, table.number).where(sql`${table.number} is not null`),
    index('invoices_business_status').on(table.businessId, table.status, table.createdAt),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    discount: money('discount').notNull().default(0),
    /** The business's tax rate chosen; its name and rate are copied so a later edit of the rate does not change an issued invoice. */
    taxRateId: uuid('tax_rate_id'),
    taxRateName: text('tax_rate_name'),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    creditedQuantity: integer('credited_quantity').notNull().default(0),
    creditedNet: money('credited_net').notNull().default(0),
    creditedTax: money('credited_tax').notNull().default(0),
  },
  (table) => [index('invoice_lines_invoice').on(table.invoiceId, table.position)],
);

/** A customer's payment, entered by hand; a client idempotency key makes a retry a replay. */
export const invoicePayments = pgTable(
  'invoice_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    method: text('method').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    reference: text('reference'),
    /** The till sale that took this payment (decision 038); null for a payment entered by hand. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    idempotencyKey: uuid('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmployeeId: uuid('actor_employee_id'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('invoice_payments_business_idempotency').on(table.businessId, table.idempotencyKey), index('invoice_payments_invoice').on(table.invoiceId)],
);

export const creditNotes = pgTable(
  'credit_notes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    issueDate: date('issue_date', { mode: 'string' }).notNull(),
    reason: text('reason'),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmployeeId: uuid('actor_employee_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('credit_notes_business_number').on(table.businessId, table.number),
    uniqueIndex('credit_notes_business_idempotency').on(table.businessId, table.idempotencyKey),
    index('credit_notes_invoice').on(table.invoiceId),
  ],
);

export const creditNoteLines = pgTable(
  'credit_note_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    creditNoteId: uuid('credit_note_id')
      .notNull()
      .references(() => creditNotes.id, { onDelete: 'cascade' }),
    invoiceLineId: uuid('invoice_line_id')
      .notNull()
      .references(() => invoiceLines.id, { onDelete: 'cascade' }),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitPrice: money('unit_price').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull(),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
  },
  (table) => [index('credit_note_lines_note').on(table.creditNoteId)],
);

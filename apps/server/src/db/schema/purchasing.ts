import { sql } from 'drizzle-orm';
import { bigint, date, foreignKey, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';
import { products } from './sales.ts';
import { stores } from './stores.ts';
import { suppliers } from './suppliers.ts';

/**
 * Purchasing (issue 13): what each supplier supplies, purchase orders and the goods received
 * against them. Money is bigint minor units of the business currency; quantities are whole units
 * (a pack of 12 ordered is 12 units). Every table is fenced by business_id (row-level security
 * at the end of the migration).
 */
const money = (name: string) => bigint(name, { mode: 'number' });
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const PURCHASE_ORDER_STATUSES = ['draft', 'sent', 'partly_received', 'received', 'cancelled'] as const;

/** A product a supplier supplies: their code for it, how many units a pack holds, what it last cost. */
export const supplierProducts = pgTable(
  'supplier_products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    supplierId: uuid('supplier_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    supplierCode: text('supplier_code'),
    packSize: integer('pack_size').notNull().default(1),
    /** Per unit, from the last receipt or as entered. */
    lastCost: money('last_cost'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'supplier_products_supplier_fk', columns: [table.businessId, table.supplierId], foreignColumns: [suppliers.businessId, suppliers.id] }).onDelete('cascade'),
    uniqueIndex('supplier_products_supplier_product').on(table.businessId, table.supplierId, table.productId),
    index('supplier_products_product').on(table.businessId, table.productId),
  ],
);

/** Gap-free purchase order numbers: creating a PO increments this row in its transaction, so a rollback gives the number back. */
export const purchaseOrderCounters = pgTable('purchase_order_counters', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

export const purchaseOrders = pgTable(
  'purchase_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    number: integer('number').notNull(),
    supplierId: uuid('supplier_id').notNull(),
    status: text('status', { enum: PURCHASE_ORDER_STATUSES }).notNull().default('draft'),
    expectedDate: date('expected_date', { mode: 'string' }),
    notes: text('notes'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'purchase_orders_supplier_fk', columns: [table.businessId, table.supplierId], foreignColumns: [suppliers.businessId, suppliers.id] }),
    uniqueIndex('purchase_orders_business_number').on(table.businessId, table.number),
    index('purchase_orders_business_status').on(table.businessId, table.status, table.number),
  ],
);

export const purchaseOrderLines = pgTable(
  'purchase_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    purchaseOrderId: uuid('purchase_order_id')
      .notNull()
      .references(() => purchaseOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    /** Units per pack when ordered in packs; 1 for single units. */
    packSize: integer('pack_size').notNull().default(1),
    /** Ordered units (packs × pack size). */
    quantityOrdered: integer('quantity_ordered').notNull(),
    /** Per unit, before tax. */
    unitCost: money('unit_cost').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    quantityReceived: integer('quantity_received').notNull().default(0),
  },
  (table) => [index('purchase_order_lines_order').on(table.purchaseOrderId, table.position)],
);

/** A delivery: against a purchase order or without one. Its idempotency key makes a retried delivery a replay. */
export const goodsReceipts = pgTable(
  'goods_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    purchaseOrderId: uuid('purchase_order_id').references(() => purchaseOrders.id),
    supplierId: uuid('supplier_id'),
    idempotencyKey: uuid('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    note: text('note'),
    /** The store the delivery arrived at (decision 049); its movements add to that store's stock. */
    storeId: uuid('store_id'),
    actorUserId: uuid('actor_user_id'),
    actorEmployeeId: uuid('actor_employee_id'),
    receivedAt: createdAt(),
  },
  (table) => [
    foreignKey({ name: 'goods_receipts_supplier_fk', columns: [table.businessId, table.supplierId], foreignColumns: [suppliers.businessId, suppliers.id] }),
    foreignKey({ name: 'goods_receipts_store_fk', columns: [table.businessId, table.storeId], foreignColumns: [stores.businessId, stores.id] }),
    uniqueIndex('goods_receipts_business_idempotency').on(table.businessId, table.idempotencyKey),
    index('goods_receipts_order').on(table.businessId, table.purchaseOrderId),
  ],
);

export const goodsReceiptLines = pgTable(
  'goods_receipt_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    receiptId: uuid('receipt_id')
      .notNull()
      .references(() => goodsReceipts.id, { onDelete: 'cascade' }),
    purchaseOrderLineId: uuid('purchase_order_line_id').references(() => purchaseOrderLines.id),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id),
    quantity: integer('quantity').notNull(),
    unitCost: money('unit_cost').notNull(),
    /** The product's cost and stock just before this line, and its weighted-average cost after. */
    costBefore: money('cost_before'),
    stockBefore: integer('stock_before').notNull(),
    costAfter: money('cost_after').notNull(),
    batchNumber: text('batch_number'),
    expiryDate: date('expiry_date', { mode: 'string' }),
  },
  (table) => [index('goods_receipt_lines_receipt').on(table.receiptId), index('goods_receipt_lines_order_line').on(table.purchaseOrderLineId).where(sql`${table.purchaseOrderLineId} is not null`)],
);

/**
 * A supplier's invoice (issue 13 item 4), entered or matched against purchase-order lines. Its
 * total is the sum of its lines; paid_total the sum of its payments (kept in the same
 * transaction as each payment). Status follows from them: unpaid, partly paid, paid.
 */
export const purchaseInvoices = pgTable(
  'purchase_invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    supplierId: uuid('supplier_id').notNull(),
    invoiceNumber: text('invoice_number').notNull(),
    invoiceDate: date('invoice_date', { mode: 'string' }).notNull(),
    dueDate: date('due_date', { mode: 'string' }).notNull(),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    paidTotal: money('paid_total').notNull().default(0),
    notes: text('notes'),
    /** The supplier's PDF or photo: an object name in the business's 'purchase-invoices' storage bucket. */
    attachmentName: text('attachment_name'),
    idempotencyKey: uuid('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmployeeId: uuid('actor_employee_id'),
    createdAt: createdAt(),
  },
  (table) => [
    foreignKey({ name: 'purchase_invoices_supplier_fk', columns: [table.businessId, table.supplierId], foreignColumns: [suppliers.businessId, suppliers.id] }),
    uniqueIndex('purchase_invoices_business_idempotency').on(table.businessId, table.idempotencyKey),
    uniqueIndex('purchase_invoices_supplier_number').on(table.businessId, table.supplierId, sql`lower(${table.invoiceNumber})`),
    index('purchase_invoices_business_due').on(table.businessId, table.dueDate, table.id),
  ],
);

export const purchaseInvoiceLines = pgTable(
  'purchase_invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => purchaseInvoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    purchaseOrderLineId: uuid('purchase_order_line_id').references(() => purchaseOrderLines.id),
    productId: uuid('product_id').references(() => products.id),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull(),
    unitCost: money('unit_cost').notNull(),
    taxRateBp: integer('tax_rate_bp').notNull().default(0),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
  },
  (table) => [
    index('purchase_invoice_lines_invoice').on(table.invoiceId, table.position),
    index('purchase_invoice_lines_order_line').on(table.purchaseOrderLineId).where(sql`${table.purchaseOrderLineId} is not null`),
  ],
);

/** A payment to a supplier against an invoice; a client-generated key makes a retry a replay. */
export const supplierPayments = pgTable(
  'supplier_payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => purchaseInvoices.id, { onDelete: 'cascade' }),
    amount: money('amount').notNull(),
    paidOn: date('paid_on', { mode: 'string' }).notNull(),
    method: text('method').notNull(),
    reference: text('reference'),
    idempotencyKey: uuid('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmployeeId: uuid('actor_employee_id'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('supplier_payments_business_idempotency').on(table.businessId, table.idempotencyKey), index('supplier_payments_invoice').on(table.invoiceId)],
);

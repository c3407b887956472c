import { sql } from 'drizzle-orm';
import { bigint, boolean, foreignKey, index, integer, jsonb, pgTable, pgView, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ChosenModifier, ModifierGroup } from '@till/core';
import { businesses } from './business.ts';
import { productBatches } from './batches.ts';
import { registers, stores } from './stores.ts';

/**
 * Catalogue, customers and sales (issue 5). Money columns are bigint minor units of the
 * business's currency; quantities are whole units. Every table is fenced by business_id
 * (see the row-level security migration that follows this schema).
 */
const money = (name: string) => bigint(name, { mode: 'number' });
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const taxRates = pgTable(
  'tax_rates',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    name: text('name').notNull(),
    basisPoints: integer('basis_points').notNull(),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('tax_rates_business_name').on(table.businessId, table.name)],
);

export const categories = pgTable(
  'categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    name: text('name').notNull(),
    color: text('color'),
    sortOrder: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('categories_business_name').on(table.businessId, sql`lower(${table.name})`)],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    name: text('name').notNull(),
    sku: text('sku'),
    barcode: text('barcode'),
    price: money('price').notNull(),
    cost: money('cost'),
    taxRateId: uuid('tax_rate_id').references(() => taxRates.id, { onDelete: 'set null' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    trackStock: boolean('track_stock').notNull().default(false),
    /** Decision 048: stock is held in batches (lot, expiry) per store, sold first-expiry-first-out. */
    trackBatches: boolean('track_batches').notNull().default(false),
    /** Kept equal to the sum of stock_movements in the same transaction as each movement. */
    stockQuantity: integer('stock_quantity').notNull().default(0),
    lowStockThreshold: integer('low_stock_threshold'),
    /** Purchasing's "Reorder" drafts an order at or below this stock (else at the low-stock threshold). */
    reorderPoint: integer('reorder_point'),
    /** Units a reorder asks for (rounded up to the supplier's packs). */
    reorderQuantity: integer('reorder_quantity'),
    isActive: boolean('is_active').notNull().default(true),
    imageKey: text('image_key'),
    /** Modifier groups and their options with price deltas (decision 035; core `ModifierGroup`). */
    modifierGroups: jsonb('modifier_groups').$type<ModifierGroup[]>().notNull().default([]),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * lower(name), stored: the catalogue is sorted, paged and searched by it. Stored rather than
     * an index expression so that a search reads it instead of computing lower() for every row
     * it looks at, and so that its index can answer a page without the table (index-only scan).
     */
    searchName: text('search_name')
      .notNull()
      .generatedAlwaysAs(sql`lower(name)`),
  },
  (table) => [
    uniqueIndex('products_business_barcode').on(table.businessId, table.barcode).where(sql`${table.barcode} is not null`),
    uniqueIndex('products_business_sku').on(table.businessId, table.sku).where(sql`${table.sku} is not null`),
    // The catalogue's order; is_active last so that the default (active) list needs no table read.
    index('products_business_search_name').on(table.businessId, table.searchName, table.id, table.isActive),
    // New entries wait in a pending list that every search reads through until VACUUM (never
    // run by embedded PGlite) or an insert past the limit merges it: 64 kB, not the default 4 MB.
    index('products_search_name_trgm').using('gin', sql`${table.searchName} gin_trgm_ops`).with({ gin_pending_list_limit: 64 }),
    index('products_business_category').on(table.businessId, table.categoryId),
  ],
);

/**
 * The current tenant's products: `SELECT * FROM products WHERE business_id =
 * app_current_business_id()`, made by hand in migrations 0008 and 0010 (drizzle-kit leaves an
 * `existing()` view alone). Catalogue pages and searches read it: it runs with its owner's rights,
 * so under row-level security the planner may still use products' indexes for LIKE and the name
 * order (see the migrations). Read-only; the columns are products' own.
 */
export const productSearch = pgView('product_search', {
  id: uuid('id').notNull(),
  businessId: uuid('business_id').notNull(),
  name: text('name').notNull(),
  sku: text('sku'),
  barcode: text('barcode'),
  price: money('price').notNull(),
  cost: money('cost'),
  taxRateId: uuid('tax_rate_id'),
  categoryId: uuid('category_id'),
  trackStock: boolean('track_stock').notNull(),
  stockQuantity: integer('stock_quantity').notNull(),
  lowStockThreshold: integer('low_stock_threshold'),
  isActive: boolean('is_active').notNull(),
  imageKey: text('image_key'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull(),
  searchName: text('search_name').notNull(),
  /** Added to the view by migration 0037 (decision 035). */
  modifierGroups: jsonb('modifier_groups').$type<ModifierGroup[]>().notNull(),
}).existing();

/** Stock is a ledger: every change is a movement; products.stock_quantity is its running sum. */
export const stockMovements = pgTable(
  'stock_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantityDelta: integer('quantity_delta').notNull(),
    reason: text('reason', {
      enum: ['initial', 'sale', 'refund', 'adjustment', 'import', 'void', 'receipt', 'waste', 'count', 'transfer_out', 'transfer_in'],
    }).notNull(),
    orderId: uuid('order_id'),
    actorUserId: uuid('actor_user_id'),
    actorEmployeeId: uuid('actor_employee_id'),
    note: text('note'),
    /**
     * The store whose shelf moved (decision 044). Left out by a writer, the database fills it in
     * (trigger stock_movements_store): the order's store, else the business's default store.
     */
    storeId: uuid('store_id'),
    /** The transfer a transfer_out / transfer_in movement belongs to. */
    transferId: uuid('transfer_id'),
    /** The batch (decision 048) this movement moved; the database adds the delta to it (trigger stock_movements_store_batch). */
    batchId: uuid('batch_id'),
    createdAt: createdAt(),
  },
  (table) => [
    // A product's history pages newest first by (created_at, id): the index holds the whole key.
    index('stock_movements_product_history').on(table.businessId, table.productId, table.createdAt, table.id),
    foreignKey({ name: 'stock_movements_store_fk', columns: [table.businessId, table.storeId], foreignColumns: [stores.businessId, stores.id] }),
  ],
);

export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    name: text('name').notNull(),
    email: text('email'),
    phone: text('phone'),
    notes: text('notes'),
    /** When the customer followed the unsubscribe link of a marketing e-mail (decision 051); no campaign reaches them after. */
    marketingUnsubscribedAt: timestamp('marketing_unsubscribed_at', { withTimezone: true }),
    /** Labels the business gives its customers (lower-cased, distinct, sorted); segments can pick them (decision 065). */
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('customers_business_name').on(table.businessId, sql`lower(${table.name})`),
    uniqueIndex('customers_business_email').on(table.businessId, sql`lower(${table.email})`).where(sql`${table.email} is not null`),
    index('customers_tags').using('gin', table.tags),
  ],
);

/**
 * A file of past sales imported from another system (issue 15 item 3). Its orders carry its id
 * and the other system's order id; they take no order number and move no stock.
 */
export const salesHistoryImports = pgTable(
  'sales_history_imports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    /** 'writing' while its short transactions run; 'done' once every order is in. */
    status: text('status', { enum: ['writing', 'done'] }).notNull(),
    fileName: text('file_name'),
    idempotencyKey: uuid('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    /** The answer given when it finished (a retry with the same key gets it again). */
    result: jsonb('result').$type<Record<string, unknown>>(),
    actorUserId: uuid('actor_user_id'),
    actorEmployeeId: uuid('actor_employee_id'),
    createdAt: createdAt(),
  },
  (table) => [
    unique('sales_history_imports_business_id_id').on(table.businessId, table.id),
    uniqueIndex('sales_history_imports_business_idempotency').on(table.businessId, table.idempotencyKey),
  ],
);

/** Gap-free order numbers: the checkout transaction increments this row, so a rollback gives the number back. */
export const orderCounters = pgTable('order_counters', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    /** Null while parked; given at payment, so paid orders are numbered without gaps. */
    number: integer('number'),
    status: text('status', { enum: ['parked', 'paid', 'voided', 'partially_refunded', 'refunded'] }).notNull(),
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    employeeId: uuid('employee_id'),
    actorUserId: uuid('actor_user_id'),
    /** Where it was sold: the register's store, else the default store (trigger orders_store). */
    storeId: uuid('store_id'),
    /** The till it was rung up on; null for sales not made on a paired register. */
    registerId: uuid('register_id'),
    /** The cash drawer session it was paid (or voided) in, on a register with one open (issue 12). */
    cashSessionId: uuid('cash_session_id'),
    currency: text('currency').notNull(),
    pricesIncludeTax: boolean('prices_include_tax').notNull(),
    orderDiscount: jsonb('order_discount'),
    subtotal: money('subtotal').notNull(),
    discountTotal: money('discount_total').notNull(),
    taxTotal: money('tax_total').notNull(),
    total: money('total').notNull(),
    paidTotal: money('paid_total').notNull().default(0),
    refundedTotal: money('refunded_total').notNull().default(0),
    note: text('note'),
    idempotencyKey: uuid('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** The sales-history import that wrote it (never numbered, never moved stock); null for the till's own sales. */
    importId: uuid('import_id'),
    /** The order id in the system it was imported from. */
    externalRef: text('external_ref'),
  },
  (table) => [
    uniqueIndex('orders_business_number').on(table.businessId, table.number).where(sql`${table.number} is not null`),
    uniqueIndex('orders_business_idempotency').on(table.businessId, table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
    index('orders_business_created').on(table.businessId, table.createdAt, table.id),
    index('orders_business_customer').on(table.businessId, table.customerId),
    index('orders_business_store_created').on(table.businessId, table.storeId, table.createdAt),
    // Reports cut sales by the day they were paid (issue 15).
    index('orders_business_paid').on(table.businessId, table.paidAt).where(sql`${table.paidAt} is not null`),
    index('orders_cash_session').on(table.cashSessionId).where(sql`${table.cashSessionId} is not null`),
    // Composite keys: foreign-key checks ignore row-level security, so the business is part of the key.
    foreignKey({ name: 'orders_store_fk', columns: [table.businessId, table.storeId], foreignColumns: [stores.businessId, stores.id] }),
    foreignKey({ name: 'orders_register_fk', columns: [table.businessId, table.registerId], foreignColumns: [registers.businessId, registers.id] }),
    foreignKey({ name: 'orders_import_fk', columns: [table.businessId, table.importId], foreignColumns: [salesHistoryImports.businessId, salesHistoryImports.id] }).onDelete('cascade'),
    // An order of another system is imported once, whichever file brings it.
    uniqueIndex('orders_business_external_ref').on(table.businessId, table.externalRef).where(sql`${table.externalRef} is not null`),
  ],
);

export const orderLines = pgTable(
  'order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    sku: text('sku'),
    unitPrice: money('unit_price').notNull(),
    /** The catalogue price when it differs from unit_price (a price override, audited). */
    catalogueUnitPrice: money('catalogue_unit_price'),
    quantity: integer('quantity').notNull(),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull(),
    lineDiscount: jsonb('line_discount'),
    gross: money('gross').notNull(),
    lineDiscountAmount: money('line_discount_amount').notNull(),
    orderDiscountShare: money('order_discount_share').notNull(),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    refundedQuantity: integer('refunded_quantity').notNull().default(0),
    note: text('note'),
    /**
     * The order's drawer session, copied onto its lines when the sale is written (issue 12): a
     * report reads a session's lines through one index range, whatever the size of the history.
     */
    cashSessionId: uuid('cash_session_id'),
    /**
     * The product's cost per unit when the line was written (profitability, issue 15): filled
     * from products.cost by the order_lines_unit_cost trigger when not given; null when the
     * product had no cost.
     */
    unitCost: money('unit_cost'),
    /**
     * The chosen modifiers as they were sold (names and deltas; decision 035), null without any:
     * a later catalogue change does not rewrite the sale. unit_price already includes the deltas.
     */
    modifiers: jsonb('modifiers').$type<ChosenModifier[]>(),
    /**
     * The promotion the line took (decision 050) as it was sold, null without one; its amount is
     * part of line_discount_amount.
     */
    promotion: jsonb('promotion').$type<{ id: string; name: string; amount: number }>(),
    /**
     * The lot the cashier chose for the line (decision 069), null for first-expiry-first-out: kept
     * on a parked sale so that it comes back when resumed, and on a paid one as sold. The key
     * includes business_id, so a line can only name a lot of its own business.
     */
    batchId: uuid('batch_id'),
  },
  (table) => [
    index('order_lines_order').on(table.orderId, table.position),
    // The key's check when a lot is deleted (its product deleted) reads lines by lot.
    index('order_lines_batch').on(table.batchId).where(sql`${table.batchId} is not null`),
    // Deleting a lot (its product deleted) forgets the choice on the line, not the line.
    foreignKey({ name: 'order_lines_batch_fk', columns: [table.businessId, table.batchId], foreignColumns: [productBatches.businessId, productBatches.id] }).onDelete('set null'),
    index('order_lines_cash_session').on(table.cashSessionId).where(sql`${table.cashSessionId} is not null`),
  ],
);

export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    method: text('method', { enum: ['cash', 'card', 'other', 'gift_card', 'points'] }).notNull(),
    /** What was applied to the order (cash: tendered − change). Refunds are negative. */
    amount: money('amount').notNull(),
    tendered: money('tendered'),
    change: money('change'),
    reference: text('reference'),
    refundId: uuid('refund_id'),
    createdAt: createdAt(),
    /** The drawer session the money moved in: the sale's, or for a refund the one open where it was made. */
    cashSessionId: uuid('cash_session_id'),
  },
  (table) => [
    index('payments_order').on(table.orderId),
    index('payments_business_method').on(table.businessId, table.method, table.createdAt),
    index('payments_cash_session').on(table.cashSessionId).where(sql`${table.cashSessionId} is not null`),
  ],
);

export const refunds = pgTable(
  'refunds',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    reason: text('reason').notNull(),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    employeeId: uuid('employee_id'),
    actorUserId: uuid('actor_user_id'),
    /** The client's key: a retry answers with this refund; the same key with another body is a 409. */
    idempotencyKey: uuid('idempotency_key'),
    requestHash: text('request_hash'),
    createdAt: createdAt(),
    /** The drawer session open on the register where the refund was made (not the sale's, which may be closed). */
    cashSessionId: uuid('cash_session_id'),
  },
  (table) => [
    index('refunds_order').on(table.orderId),
    index('refunds_business_created').on(table.businessId, table.createdAt),
    index('refunds_cash_session').on(table.cashSessionId).where(sql`${table.cashSessionId} is not null`),
    uniqueIndex('refunds_business_idempotency').on(table.businessId, table.idempotencyKey).where(sql`${table.idempotencyKey} is not null`),
  ],
);

export const refundLines = pgTable(
  'refund_lines',
  {
    refundId: uuid('refund_id')
      .notNull()
      .references(() => refunds.id, { onDelete: 'cascade' }),
    orderLineId: uuid('order_line_id')
      .notNull()
      .references(() => orderLines.id, { onDelete: 'cascade' }),
    businessId: businessId(),
    quantity: integer('quantity').notNull(),
    net: money('net').notNull(),
    tax: money('tax').notNull(),
    total: money('total').notNull(),
    restock: boolean('restock').notNull(),
  },
  (table) => [primaryKey({ columns: [table.refundId, table.orderLineId] })],
);

/** An order's history: who did what, when (created, parked, resumed, paid, voided, refunded, receipt emailed). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmployeeId: uuid('actor_employee_id'),
    actorName: text('actor_name'),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
  },
  (table) => [index('order_events_order').on(table.orderId, table.createdAt)],
);

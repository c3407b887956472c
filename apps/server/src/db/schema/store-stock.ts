import { foreignKey, index, integer, pgTable, primaryKey, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, employees } from './business.ts';
import { products } from './sales.ts';
import { stores } from './stores.ts';

/**
 * Stock per store and transfers between stores (issue 14 items 1–2, decision 044).
 * `product_stock` is kept by the database itself: every stock_movements row adds its delta to
 * its store's row (triggers stock_movements_store for sales, row by row, and
 * stock_movements_store_rows for the rest, once per statement: decision 060), so each store's
 * stock is the sum of its movements whoever writes them, SQL functions included. `products.stock_quantity` stays the sum
 * over all stores (what a one-store business always saw).
 */
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const productStock = pgTable(
  'product_stock',
  {
    businessId: businessId(),
    storeId: uuid('store_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull().default(0),
    /** Where the product sits in this store ("A3", "Back room"): what a count by shelf covers (decision 049). */
    shelf: text('shelf'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ name: 'product_stock_pk', columns: [table.businessId, table.productId, table.storeId] }),
    index('product_stock_business_store').on(table.businessId, table.storeId),
    foreignKey({ name: 'product_stock_store_fk', columns: [table.businessId, table.storeId], foreignColumns: [stores.businessId, stores.id] }),
  ],
);

export const STOCK_TRANSFER_STATUSES = ['draft', 'sent', 'received', 'cancelled'] as const;

export const stockTransfers = pgTable(
  'stock_transfers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    fromStoreId: uuid('from_store_id').notNull(),
    toStoreId: uuid('to_store_id').notNull(),
    status: text('status', { enum: STOCK_TRANSFER_STATUSES }).notNull().default('draft'),
    note: text('note'),
    /** The client keys of the send and the receipt: a retry answers with the transfer as it is. */
    sendKey: uuid('send_key'),
    receiveKey: uuid('receive_key'),
    createdByUserId: uuid('created_by_user_id'),
    createdByEmployeeId: uuid('created_by_employee_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('stock_transfers_business_created').on(table.businessId, table.createdAt),
    unique('stock_transfers_business_id_id').on(table.businessId, table.id),
    foreignKey({ name: 'stock_transfers_from_store_fk', columns: [table.businessId, table.fromStoreId], foreignColumns: [stores.businessId, stores.id] }),
    foreignKey({ name: 'stock_transfers_to_store_fk', columns: [table.businessId, table.toStoreId], foreignColumns: [stores.businessId, stores.id] }),
  ],
);

export const stockTransferLines = pgTable(
  'stock_transfer_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    transferId: uuid('transfer_id').notNull(),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    quantity: integer('quantity').notNull(),
    /** Counted at the receiving store; quantity − received is the difference (lost in transit). */
    receivedQuantity: integer('received_quantity'),
  },
  (table) => [
    uniqueIndex('stock_transfer_lines_transfer_product').on(table.businessId, table.transferId, table.productId),
    index('stock_transfer_lines_product').on(table.businessId, table.productId),
    foreignKey({
      name: 'stock_transfer_lines_transfer_fk',
      columns: [table.businessId, table.transferId],
      foreignColumns: [stockTransfers.businessId, stockTransfers.id],
    }).onDelete('cascade'),
  ],
);

/** Which stores an employee works in; an employee with no row works in every store. */
export const employeeStores = pgTable(
  'employee_stores',
  {
    businessId: businessId(),
    employeeId: uuid('employee_id').notNull(),
    storeId: uuid('store_id').notNull(),
  },
  (table) => [
    primaryKey({ name: 'employee_stores_pk', columns: [table.businessId, table.employeeId, table.storeId] }),
    foreignKey({ name: 'employee_stores_employee_fk', columns: [table.businessId, table.employeeId], foreignColumns: [employees.businessId, employees.id] }).onDelete(
      'cascade',
    ),
    foreignKey({ name: 'employee_stores_store_fk', columns: [table.businessId, table.storeId], foreignColumns: [stores.businessId, stores.id] }).onDelete('cascade'),
  ],
);

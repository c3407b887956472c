import { date, foreignKey, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';
import { products } from './sales.ts';
import { stores } from './stores.ts';

/**
 * Batches and expiry (issue 14 item 5, decision 048). A batch-tracked product's stock in a store
 * is held in batches (lot number, expiry date, quantity). The database keeps them: every
 * stock_movements row of such a product adds its delta to its batch, or, without one, takes a
 * decrease first-expiry-first-out and puts an increase in the store's "no lot" batch (lot '')
 * (trigger stock_movements_store_batch), so a store's batches always add up to its stock.
 */
export const productBatches = pgTable(
  'product_batches',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id').notNull(),
    /** '' is the store's "no lot" batch: stock from before tracking, or received without a lot. */
    lotNumber: text('lot_number').notNull().default(''),
    expiryDate: date('expiry_date', { mode: 'string' }),
    quantity: integer('quantity').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('product_batches_lot').on(table.businessId, table.productId, table.storeId, table.lotNumber),
    index('product_batches_business_expiry').on(table.businessId, table.expiryDate),
    // The target of order_lines_batch_fk: a sale line names a lot of its own business (decision 069).
    unique('product_batches_business_id_id').on(table.businessId, table.id),
    foreignKey({ name: 'product_batches_store_fk', columns: [table.businessId, table.storeId], foreignColumns: [stores.businessId, stores.id] }),
  ],
);

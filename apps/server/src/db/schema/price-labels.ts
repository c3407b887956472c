import { bigint, index, pgTable, primaryKey, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';
import { products } from './sales.ts';

/**
 * Labels to print (issue 14 item 7): a product lands here when its price changes, and leaves when
 * its label is printed (or the owner drops it). One row per product: a second change updates it.
 */
export const priceLabelQueue = pgTable(
  'price_label_queue',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    productId: uuid('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** The price the shelf label still shows (the first old price since the last print), and the new one. */
    oldPrice: bigint('old_price', { mode: 'number' }).notNull(),
    newPrice: bigint('new_price', { mode: 'number' }).notNull(),
    queuedAt: timestamp('queued_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.businessId, table.productId] }), index('price_label_queue_business_time').on(table.businessId, table.queuedAt)],
);

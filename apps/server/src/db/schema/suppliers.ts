import { sql } from 'drizzle-orm';
import { boolean, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';

/**
 * Who a business buys from. Purchasing (purchase orders, receiving, invoices, rebates) builds on
 * it; expenses may name a supplier as their payee.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('suppliers_business_id_id').on(table.businessId, table.id), uniqueIndex('suppliers_business_name').on(table.businessId, sql`lower(${table.name})`)],
);

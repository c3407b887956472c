import { sql } from 'drizzle-orm';
import { boolean, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';

/**
 * Who a business buys from. Purchasing (purchase orders, receiving, invoices, rebates) builds on
 * it; expenses may name a supplier as their payee. Archiving sets is_active false: an archived
 * supplier keeps its history but takes no new purchase orders.
 */
export const suppliers = pgTable(
  'suppliers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    contactName: text('contact_name'),
    email: text('email'),
    phone: text('phone'),
    address: text('address'),
    taxNumber: text('tax_number'),
    /** Days from the invoice date to its due date. */
    paymentTermsDays: integer('payment_terms_days').notNull().default(30),
    /** Days from sending a purchase order to the delivery, for the expected date. */
    leadTimeDays: integer('lead_time_days'),
    currencyNote: text('currency_note'),
    notes: text('notes'),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('suppliers_business_id_id').on(table.businessId, table.id), uniqueIndex('suppliers_business_name').on(table.businessId, sql`lower(${table.name})`)],
);

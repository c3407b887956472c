import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';
import { kitchenTickets } from './kitchen.ts';
import { orders } from './sales.ts';

/**
 * The dining room (issue 16, decision 036): areas and tables on the till's plan, and the parts of
 * a split bill, each paid as its own sale. Fenced by business_id (row-level security in the migration).
 */
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const diningAreas = pgTable(
  'dining_areas',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    name: text('name').notNull(),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('dining_areas_business_name').on(table.businessId, table.name)],
);

export const diningTables = pgTable(
  'dining_tables',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    areaId: uuid('area_id')
      .notNull()
      .references(() => diningAreas.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    seats: integer('seats').notNull().default(4),
    x: integer('x').notNull().default(0),
    y: integer('y').notNull().default(0),
    width: integer('width').notNull().default(96),
    height: integer('height').notNull().default(96),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('dining_tables_business_name').on(table.businessId, table.name)],
);

/** One guest's part of a split bill: the items (and quantities) it pays, claimed and paid like a ticket. */
export const kitchenBillParts = pgTable(
  'kitchen_bill_parts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => kitchenTickets.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    lines: jsonb('lines').$type<{ itemId: string; quantity: number }[]>().notNull(),
    paymentKey: uuid('payment_key'),
    paymentClaimedAt: timestamp('payment_claimed_at', { withTimezone: true }),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('kitchen_bill_parts_ticket_position').on(table.ticketId, table.position)],
);

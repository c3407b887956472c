import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { ChosenModifier } from '@till/core';
import { businesses } from './business.ts';
import { diningTables } from './dining.ts';
import { orders, products } from './sales.ts';

/**
 * The kitchen (issue 16, decision 026): stations of the kitchen display, and tickets sent from
 * the till before payment with their items, each item at its own stage. Every table is fenced by
 * business_id (row-level security at the end of the migration).
 */
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const KITCHEN_STAGE_VALUES = ['new', 'cooking', 'ready', 'served'] as const;

/** A station of the line (Grill, Cold, Bar): the categories it prepares and its timer colours. */
export const kitchenStations = pgTable(
  'kitchen_stations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    name: text('name').notNull(),
    categoryIds: jsonb('category_ids').$type<string[]>().notNull().default([]),
    warnAfterSeconds: integer('warn_after_seconds').notNull().default(480),
    lateAfterSeconds: integer('late_after_seconds').notNull().default(900),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('kitchen_stations_business_name').on(table.businessId, table.name)],
);

/**
 * A business's own kitchen stages (issue 16 item 3, decision 036): 2–6 names, the ready one and
 * the served last. No row means today's four (New, Cooking, Ready, Served).
 */
export const kitchenStageLists = pgTable('kitchen_stage_lists', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  stages: jsonb('stages').$type<string[]>().notNull(),
  readyIndex: integer('ready_index').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One order at the kitchen: numbered per business per day, paid later as one sale. */
export const kitchenTickets = pgTable(
  'kitchen_tickets',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    businessDay: date('business_day', { mode: 'string' }).notNull(),
    number: integer('number').notNull(),
    orderType: text('order_type', { enum: ['dine_in', 'takeaway', 'delivery'] }).notNull(),
    tableLabel: text('table_label'),
    /** The table on the plan (decision 036); older tickets have only the label. */
    tableId: uuid('table_id').references(() => diningTables.id, { onDelete: 'set null' }),
    guests: integer('guests'),
    stage: text('stage', { enum: KITCHEN_STAGE_VALUES }).notNull().default('new'),
    /** Its stage's name in the business's list (decision 036); null before the list existed. */
    stageName: text('stage_name'),
    status: text('status', { enum: ['open', 'paid', 'cancelled'] }).notNull().default('open'),
    idempotencyKey: uuid('idempotency_key').notNull(),
    /** The sale that paid it. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    /** The checkout idempotency key paying it right now, so two tills cannot both take the money. */
    paymentKey: uuid('payment_key'),
    paymentClaimedAt: timestamp('payment_claimed_at', { withTimezone: true }),
    registerId: uuid('register_id'),
    employeeId: uuid('employee_id'),
    createdAt: createdAt(),
    stageChangedAt: timestamp('stage_changed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('kitchen_tickets_business_day_number').on(table.businessId, table.businessDay, table.number),
    uniqueIndex('kitchen_tickets_business_key').on(table.businessId, table.idempotencyKey),
    index('kitchen_tickets_business_status').on(table.businessId, table.status, table.stageChangedAt),
    /** One open ticket per table: a move or a new ticket onto a taken table fails (decision 036). */
    uniqueIndex('kitchen_tickets_open_table')
      .on(table.businessId, table.tableId)
      .where(sql`status = 'open' and table_id is not null`),
  ],
);

/** A dish on a ticket, at its own stage; a change after sending is kept, never deleted. */
export const kitchenTicketItems = pgTable(
  'kitchen_ticket_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    ticketId: uuid('ticket_id')
      .notNull()
      .references(() => kitchenTickets.id, { onDelete: 'cascade' }),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    categoryId: uuid('category_id'),
    quantity: integer('quantity').notNull(),
    note: text('note'),
    /** The seat it was ordered for, to split the bill by seats (decision 036). */
    seat: integer('seat'),
    round: integer('round').notNull().default(1),
    stage: text('stage', { enum: KITCHEN_STAGE_VALUES }).notNull().default('new'),
    /** Its stage's name in the business's list (decision 036); null means the role's stage. */
    stageName: text('stage_name'),
    held: boolean('held').notNull().default(false),
    voided: boolean('voided').notNull().default(false),
    /** The chosen modifiers as sent (decision 035), null without any. */
    modifiers: jsonb('modifiers').$type<ChosenModifier[]>(),
    changedFrom: jsonb('changed_from').$type<{ quantity: number; note: string | null; modifiers?: ChosenModifier[] | null }>(),
    changedAt: timestamp('changed_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    position: integer('position').notNull().default(0),
  },
  (table) => [index('kitchen_ticket_items_ticket').on(table.ticketId, table.round, table.position)],
);

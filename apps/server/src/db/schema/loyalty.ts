import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';
import { customers, orderLines, orders, refunds } from './sales.ts';

/**
 * Loyalty and gift cards (SPEC §3 feature loyalty_program, decision 064). Balances live on one row
 * each (a customer's points, a card's balance) so a sale takes them with a conditional UPDATE
 * under the row lock: two tills spending the same card or points cannot overspend. Every change
 * is also an entry, the history the back office shows. All amounts are integer minor units.
 */
const money = (name: string) => bigint(name, { mode: 'number' });
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/** One customer's points and lifetime spend (the tier is read from it with core loyaltyTier). */
export const loyaltyAccounts = pgTable(
  'loyalty_accounts',
  {
    businessId: businessId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    lifetimePoints: bigint('lifetime_points', { mode: 'number' }).notNull().default(0),
    /** What the customer's sales earned on, less refunds: the tiers' measure. */
    lifetimeSpend: money('lifetime_spend').notNull().default(0),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.businessId, table.customerId] }),
    check('loyalty_accounts_points_not_negative', sql`${table.points} >= 0`),
  ],
);

/** A customer's points history: earned on a sale, redeemed at the till, taken back or given back by a refund. */
export const loyaltyEntries = pgTable(
  'loyalty_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['earn', 'redeem', 'reverse_earn', 'return_redeem'] }).notNull(),
    /** Signed: earned and given back are positive, redeemed and taken back negative. */
    points: bigint('points', { mode: 'number' }).notNull(),
    /** Signed change to the lifetime spend (earn: what it earned on; a refund takes its share back). */
    spend: money('spend').notNull().default(0),
    /** A points payment's value in minor units (redeem, return_redeem). */
    amount: money('amount').notNull().default(0),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'cascade' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [
    index('loyalty_entries_customer').on(table.businessId, table.customerId, table.createdAt),
    index('loyalty_entries_order').on(table.orderId).where(sql`${table.orderId} is not null`),
  ],
);

/** A gift card sold at the till: its code (16 digits, Luhn) and what is left on it. */
export const giftCards = pgTable(
  'gift_cards',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    code: text('code').notNull(),
    initialAmount: money('initial_amount').notNull(),
    balance: money('balance').notNull(),
    currency: text('currency').notNull(),
    /** The sale and line that sold it. */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    orderLineId: uuid('order_line_id').references(() => orderLines.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('gift_cards_business_code').on(table.businessId, table.code),
    index('gift_cards_business_created').on(table.businessId, table.createdAt),
    check('gift_cards_balance_not_negative', sql`${table.balance} >= 0`),
    check('gift_cards_balance_at_most_initial', sql`${table.balance} <= ${table.initialAmount}`),
  ],
);

/** A card's balance history: issued, redeemed in a sale, given back by a refund, cancelled by refunding its sale. */
export const giftCardEntries = pgTable(
  'gift_card_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    giftCardId: uuid('gift_card_id')
      .notNull()
      .references(() => giftCards.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['issue', 'redeem', 'refund', 'cancel'] }).notNull(),
    /** Signed minor units: issue and refund positive, redeem and cancel negative. */
    amount: money('amount').notNull(),
    balanceAfter: money('balance_after').notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    refundId: uuid('refund_id').references(() => refunds.id, { onDelete: 'set null' }),
    position: integer('position').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [
    index('gift_card_entries_card').on(table.giftCardId, table.createdAt),
    index('gift_card_entries_order').on(table.orderId).where(sql`${table.orderId} is not null`),
  ],
);

import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { PromotionRule } from '@till/core';
import { businesses } from './business.ts';
import { categories, products } from './sales.ts';

/**
 * Promotions (SPEC §3 promotions_pricing, decision 050): what one takes off (rule) of one product
 * or one category, between optional dates and, for a happy hour, on some days between two times,
 * all in the business's time zone. Checkout prices them with core `applyPromotions`.
 */
export const promotions = pgTable(
  'promotions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    active: boolean('active').notNull().default(true),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'cascade' }),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'cascade' }),
    rule: jsonb('rule').$type<PromotionRule>().notNull(),
    startsOn: date('starts_on'),
    endsOn: date('ends_on'),
    /** 0 = Sunday … 6 = Saturday; empty: every day. */
    daysOfWeek: integer('days_of_week').array().notNull().default(sql`'{}'::integer[]`),
    /** 'HH:MM', both or neither. */
    startTime: text('start_time'),
    endTime: text('end_time'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('promotions_business').on(table.businessId, table.active)],
);

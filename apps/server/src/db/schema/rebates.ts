import { date, foreignKey, index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';
import { suppliers } from './suppliers.ts';

/**
 * Supplier rebate agreements (issue 13 item 5, decision 028): a percentage of the spend or an
 * amount per unit, in one to five tiers by quantity or spend, over a period of calendar days,
 * optionally for some products only. What an agreement earned is computed on read from the goods
 * received (core's evaluateRebate); nothing here moves money or stock.
 */
export const REBATE_KIND_VALUES = ['percent', 'per_unit'] as const;
export const REBATE_BASIS_VALUES = ['quantity', 'spend'] as const;

export const rebateAgreements = pgTable(
  'rebate_agreements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    supplierId: uuid('supplier_id').notNull(),
    name: text('name').notNull(),
    kind: text('kind', { enum: REBATE_KIND_VALUES }).notNull(),
    basis: text('basis', { enum: REBATE_BASIS_VALUES }).notNull(),
    /** [{ threshold, value }] with rising thresholds: basis points or minor units per unit. */
    tiers: jsonb('tiers').$type<{ threshold: number; value: number }[]>().notNull(),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    /** Only these products count; null: everything bought from the supplier. */
    productIds: uuid('product_ids').array(),
    notes: text('notes'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({ name: 'rebate_agreements_supplier_fk', columns: [table.businessId, table.supplierId], foreignColumns: [suppliers.businessId, suppliers.id] }).onDelete('cascade'),
    index('rebate_agreements_business_supplier').on(table.businessId, table.supplierId),
  ],
);

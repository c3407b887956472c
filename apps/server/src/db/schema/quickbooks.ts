import { integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid, check } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { businesses } from './business.ts';
import { cashSessions } from './cash-sessions.ts';

/**
 * QuickBooks daily summary (issue 12 item 5; feature quickbooks_integration; decision 024):
 * which QuickBooks account each line of a Z's journal entry goes to, one mapping per business,
 * and which Z reports were exported, by whom and when. Fenced by business_id (row-level
 * security in the migration); an export names a session only after reading it under that fence.
 */
export const quickbooksMappings = pgTable('quickbooks_mappings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  defaultIncomeAccount: text('default_income_account').notNull(),
  /** Category name as in the Z's sales by category → income account. */
  categoryAccounts: jsonb('category_accounts').$type<Record<string, string>>().notNull().default({}),
  defaultTaxAccount: text('default_tax_account').notNull(),
  /** Tax rate in basis points (string key) → tax liability account. */
  taxRateAccounts: jsonb('tax_rate_accounts').$type<Record<string, string>>().notNull().default({}),
  cashAccount: text('cash_account').notNull(),
  cardAccount: text('card_account').notNull(),
  otherAccount: text('other_account').notNull(),
  overShortAccount: text('over_short_account').notNull(),
  discountsAccount: text('discounts_account').notNull(),
  /** Null: refunds reduce income instead of being booked apart. */
  refundsAccount: text('refunds_account'),
  updatedByName: text('updated_by_name').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** One row per exported Z: the latest export, and how many times it was exported. */
export const quickbooksExports = pgTable(
  'quickbooks_exports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => cashSessions.id, { onDelete: 'cascade' }),
    format: text('format').notNull(),
    exportCount: integer('export_count').notNull().default(1),
    firstExportedAt: timestamp('first_exported_at', { withTimezone: true }).notNull().defaultNow(),
    exportedAt: timestamp('exported_at', { withTimezone: true }).notNull().defaultNow(),
    exportedByName: text('exported_by_name').notNull(),
    exportedByUserId: uuid('exported_by_user_id'),
    exportedByEmployeeId: uuid('exported_by_employee_id'),
  },
  (table) => [
    uniqueIndex('quickbooks_exports_session').on(table.businessId, table.sessionId),
    check('quickbooks_exports_format', sql`${table.format} in ('csv', 'iif')`),
  ],
);

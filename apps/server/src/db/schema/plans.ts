import { sql } from 'drizzle-orm';
import { boolean, check, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import { businesses } from './business.ts';

/**
 * Subscription plans (issue 20 item 3): a platform table, the same for every business; the
 * app role may read it (limits are checked inside a business's transaction), only the super
 * admin's routes write it. Limits are counts; null means unlimited. `features` lists the SPEC §3
 * features the plan includes (what the pricing page shows). Exactly one plan is the default:
 * the plan of every business the super admin has not put on another one.
 */
export const subscriptionPlans = pgTable(
  'subscription_plans',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique('subscription_plans_name_unique'),
    description: text('description').notNull().default(''),
    monthlyPrice: integer('monthly_price').notNull(),
    currency: text('currency').notNull(),
    maxStores: integer('max_stores'),
    maxRegisters: integer('max_registers'),
    maxEmployees: integer('max_employees'),
    maxProducts: integer('max_products'),
    features: jsonb('features').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    isActive: boolean('is_active').notNull().default(true),
    isDefault: boolean('is_default').notNull().default(false),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('subscription_plans_one_default').on(table.isDefault).where(sql`${table.isDefault}`),
    check('subscription_plans_price', sql`${table.monthlyPrice} >= 0`),
    check(
      'subscription_plans_limits',
      sql`coalesce(${table.maxStores}, 0) >= 0 and coalesce(${table.maxRegisters}, 0) >= 0 and coalesce(${table.maxEmployees}, 0) >= 0 and coalesce(${table.maxProducts}, 0) >= 0`,
    ),
  ],
);

/** Which plan a business is on, when the super admin chose one (none: the default plan). Fenced by business_id. */
export const businessSubscriptions = pgTable('business_subscriptions', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  planId: uuid('plan_id')
    .notNull()
    .references(() => subscriptionPlans.id),
  assignedByUserId: uuid('assigned_by_user_id').references(() => user.id, { onDelete: 'set null' }),
  assignedAt: timestamp('assigned_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The super admin's platform-wide switch per SPEC §3 feature (issue 20 item 1). No row means
 * "default": each business decides. `business_ids` are the businesses a `selected` switch is on for.
 */
export const featureFlags = pgTable(
  'feature_flags',
  {
    feature: text('feature').primaryKey(),
    mode: text('mode').notNull(),
    businessIds: jsonb('business_ids').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    updatedByUserId: uuid('updated_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [check('feature_flags_mode', sql`${table.mode} in ('default', 'off', 'on', 'selected')`)],
);

/** What super admins changed on the platform (plans, assignments, switches): who, when, what. */
export const platformAuditLog = pgTable('platform_audit_log', {
  id: uuid('id').primaryKey().defaultRandom(),
  actorUserId: uuid('actor_user_id').references(() => user.id, { onDelete: 'set null' }),
  action: text('action').notNull(),
  details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The starting setup per SPEC §1 industry (issue 20 item 2): the features a new business starts
 * with, its starter categories and sample products. Platform-wide, read and written on the owner
 * connection; seeded with the setup new businesses got before templates existed.
 */
export const industryTemplates = pgTable(
  'industry_templates',
  {
    industry: text('industry').primaryKey(),
    enabledFeatures: jsonb('enabled_features').$type<Record<string, boolean>>().notNull(),
    categories: jsonb('categories').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    products: jsonb('products').$type<{ name: string; price: number; category: string | null }[]>().notNull().default(sql`'[]'::jsonb`),
    /** The currency the sample prices are typed in (their minor units); rescaled at sign-up to the business's currency. */
    currency: text('currency').notNull().default('USD'),
    /** Put on the new business's receipts (decision 057); null for none. */
    receiptHeader: text('receipt_header'),
    receiptFooter: text('receipt_footer'),
    /** A restaurant's table plan: areas, each with its tables. */
    diningAreas: jsonb('dining_areas').$type<{ name: string; tables: { name: string; seats: number }[] }[]>().notNull().default(sql`'[]'::jsonb`),
    /** A workshop's inspection checklist; empty keeps the built-in default checklist. */
    inspectionPoints: jsonb('inspection_points').$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    updatedByUserId: uuid('updated_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (table) => [check('industry_templates_industry', sql`${table.industry} in ('retail', 'restaurant', 'mechanics')`)],
);

/**
 * The platform's look (issue 20 item 4, decision 057): one row (id 1) the super admin edits in the
 * visual editor; the sign-in page reads it without signing in. Seeded with the look before it existed.
 */
export const platformBranding = pgTable(
  'platform_branding',
  {
    id: integer('id').primaryKey().default(1),
    productName: text('product_name').notNull(),
    signInWelcome: text('sign_in_welcome').notNull(),
    primaryColor: text('primary_color').notNull(),
    updatedByUserId: uuid('updated_by_user_id').references(() => user.id, { onDelete: 'set null' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }),
  },
  (table) => [check('platform_branding_single_row', sql`${table.id} = 1`)],
);

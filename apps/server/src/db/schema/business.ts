import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { user } from './auth.ts';
import type { LoyaltySettings } from '@till/core';

/**
 * Tenant root. Row-level security fences it by `id`; every other business-owned table carries
 * `business_id` and is fenced by it (see migrations/0001_row_level_security.sql).
 */
export const businesses = pgTable('businesses', {
  id: uuid('id').primaryKey().defaultRandom(),
  ownerUserId: uuid('owner_user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  name: text('name').notNull(),
  currency: text('currency').notNull().default('USD'),
  timeZone: text('time_zone').notNull().default('UTC'),
  /** The business's own brand colour (#rrggbb), over the platform's; null = the platform's (decision 057). */
  brandColor: text('brand_color'),
  /** Texts printed above and below every receipt; null = none (decision 057). */
  receiptHeader: text('receipt_header'),
  receiptFooter: text('receipt_footer'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * SPEC §3 profiles. Keyed by the account, not the tenant: it is how a signed-in account finds
 * its business, so it is read before a tenant is known and is not under row-level security.
 */
export const profiles = pgTable('profiles', {
  userId: uuid('user_id')
    .primaryKey()
    .references(() => user.id, { onDelete: 'cascade' }),
  businessId: uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  businessName: text('business_name'),
  fullName: text('full_name'),
  industry: text('industry', { enum: ['retail', 'restaurant', 'mechanics'] }).notNull().default('retail'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** SPEC §3 business_settings; a missing row means "use defaults" (SPEC §8). */
export const businessSettings = pgTable('business_settings', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .unique()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  userId: uuid('user_id')
    .notNull()
    .references(() => user.id, { onDelete: 'cascade' }),
  businessName: text('business_name').notNull(),
  authenticationEnabled: boolean('authentication_enabled').notNull().default(true),
  hasBusinessOwner: boolean('has_business_owner').notNull().default(false),
  enabledFeatures: jsonb('enabled_features').$type<Record<string, boolean>>().notNull(),
  /** Prices in the catalogue include tax (most of the world) or have it added (US-style). */
  pricesIncludeTax: boolean('prices_include_tax').notNull().default(false),
  /** Whether a sale may take tracked stock below zero. */
  allowNegativeStock: boolean('allow_negative_stock').notNull().default(false),
  /** Over/short (either way, minor units) above which closing a cash session needs a manager's PIN and a note. */
  cashVarianceThreshold: bigint('cash_variance_threshold', { mode: 'number' }).notNull().default(0),
  /** Cashiers may close the drawer session they opened (otherwise can_access_reports is needed). */
  cashiersCloseOwnSession: boolean('cashiers_close_own_session').notNull().default(true),
  /** The owner requires every account of the business to sign in with a second factor (issue 19 item 2). */
  requireTwoFactor: boolean('require_two_factor').notNull().default(false),
  /** Loyalty rules (decision 064: earn rate, point value, tiers); null until the owner sets them, core defaults then. */
  loyalty: jsonb('loyalty').$type<LoyaltySettings>(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** SPEC §3 employees. */
export const employees = pgTable(
  'employees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    fullName: text('full_name').notNull(),
    email: text('email'),
    role: text('role', { enum: ['business_owner', 'admin', 'manager', 'cashier', 'kitchen'] }).notNull(),
    isActive: boolean('is_active').notNull().default(true),
    permissions: jsonb('permissions').$type<Record<string, boolean>>().notNull().default(sql`'{}'::jsonb`),
    adminPermissions: jsonb('admin_permissions').$type<Record<string, boolean>>(),
    /** Salted scrypt of the PIN; never leaves the server. */
    pinHash: text('pin_hash'),
    failedPinAttempts: integer('failed_pin_attempts').notNull().default(0),
    pinLockedUntil: timestamp('pin_locked_until', { withTimezone: true }),
    /** HMAC-SHA256 of the one-time setup code (shown once); the code itself is never stored. */
    setupCodeLookup: text('setup_code_lookup'),
    setupCodeExpiresAt: timestamp('setup_code_expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('employees_business_id_idx').on(table.businessId),
    // At most one business owner per business: a double click on "Assign business owner" cannot make two.
    uniqueIndex('employees_one_owner_per_business').on(table.businessId).where(sql`${table.role} = 'business_owner'`),
    uniqueIndex('employees_setup_code_lookup_unique').on(table.setupCodeLookup),
    // Target of the (business_id, employee_id) foreign keys: a row can only name an employee of its own business.
    unique('employees_business_id_id_unique').on(table.businessId, table.id),
  ],
);

/** Sensitive actions (ARCHITECTURE "Data rules"): who, when, what, why. */
export const auditLog = pgTable(
  'audit_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    actorUserId: uuid('actor_user_id'),
    actorEmployeeId: uuid('actor_employee_id'),
    action: text('action').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('audit_log_business_created_idx').on(table.businessId, table.createdAt)],
);

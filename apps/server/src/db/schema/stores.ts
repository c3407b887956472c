import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';

/**
 * Where a business sells and keeps stock, and the tills it sells from. Every business has at
 * least one store: the first ("Main store") is created with the business, so a one-shop
 * business never has to think about stores. Features that belong to a place (stock, tills,
 * cash drawers, kitchen stations, transfers) reference a store.
 */
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    name: text('name').notNull(),
    address: text('address'),
    phone: text('phone'),
    /** IANA zone; null means the business's own time zone. */
    timeZone: text('time_zone'),
    /** The store a one-store business uses without choosing; exactly one per business. */
    isDefault: boolean('is_default').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    sortOrder: integer('sort_order').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Target of (business_id, store_id) foreign keys: a row can only name a store of its own business.
    unique('stores_business_id_id').on(table.businessId, table.id),
    uniqueIndex('stores_business_name').on(table.businessId, sql`lower(${table.name})`),
    uniqueIndex('stores_business_default').on(table.businessId).where(sql`${table.isDefault}`),
  ],
);

/**
 * A register: one named till in a store (SPEC §2 /pos-terminal). A device becomes a register
 * when the owner pairs it; the device's own revocable credential belongs to this row, never an
 * account session (ARCHITECTURE "Credentials"). Cash drawer sessions and sales name their register.
 */
export const registers = pgTable(
  'registers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    storeId: uuid('store_id').notNull(),
    name: text('name').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    /**
     * SHA-256 (hex) of the device's secret; the device holds `<id>.<secret>` in an HttpOnly
     * cookie. Null once revoked: that device is then no till of this business.
     */
    credentialHash: text('credential_hash'),
    pairedAt: timestamp('paired_at', { withTimezone: true }),
    /** Who paired it: the owner's account, or an admin's employee session on another till. */
    pairedByUserId: uuid('paired_by_user_id'),
    pairedByEmployeeId: uuid('paired_by_employee_id'),
    /** Updated at most once a minute by requests of the device. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('registers_business_id_id').on(table.businessId, table.id),
    // A revoked till keeps its name on its old sales; only tills in use need distinct names.
    uniqueIndex('registers_business_name').on(table.businessId, sql`lower(${table.name})`).where(sql`${table.isActive}`),
    index('registers_business_store').on(table.businessId, table.storeId),
    // Composite: foreign-key checks ignore row-level security, so the business is part of the key.
    foreignKey({ name: 'registers_store_fk', columns: [table.businessId, table.storeId], foreignColumns: [stores.businessId, stores.id] }),
  ],
);

/**
 * A one-time code shown in settings and typed on the device that becomes a till. Only its hash
 * is kept; it works once, for a few minutes. Looked up across businesses (the device has no
 * business yet), so the hash is unique on its own.
 */
export const registerPairingCodes = pgTable(
  'register_pairing_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    codeHash: text('code_hash').notNull(),
    storeId: uuid('store_id').notNull(),
    createdByUserId: uuid('created_by_user_id'),
    createdByEmployeeId: uuid('created_by_employee_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    registerId: uuid('register_id'),
  },
  (table) => [
    uniqueIndex('register_pairing_codes_hash').on(table.codeHash),
    index('register_pairing_codes_business').on(table.businessId, table.createdAt),
    foreignKey({ name: 'register_pairing_codes_store_fk', columns: [table.businessId, table.storeId], foreignColumns: [stores.businessId, stores.id] }),
  ],
);

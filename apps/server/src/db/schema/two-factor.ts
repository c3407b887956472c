import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { session, user } from './auth.ts';

/**
 * Account-level second factors (issue 19 item 2, decision 045). Like better-auth's own tables
 * they belong to an account, not a business, and are read before any tenant is known: no RLS.
 */
export const authFactors = pgTable(
  'auth_factors',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    factorType: text('factor_type').$type<'totp'>().notNull().default('totp'),
    friendlyName: text('friendly_name').notNull(),
    /** 'unverified' until a first code proves the authenticator app holds the secret. */
    status: text('status').$type<'unverified' | 'verified'>().notNull().default('unverified'),
    /** The TOTP secret, encrypted with the server's auth secret. */
    secret: text('secret').notNull(),
    /** The last 30-second step a code was accepted for: a code is never accepted twice. */
    lastUsedStep: bigint('last_used_step', { mode: 'number' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('auth_factors_user_name_idx').on(table.userId, table.friendlyName)],
);

/** A challenge is answered once, within 5 minutes, by the session that asked for it. */
export const authChallenges = pgTable(
  'auth_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    factorId: uuid('factor_id')
      .notNull()
      .references(() => authFactors.id, { onDelete: 'cascade' }),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => session.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
  },
  (table) => [index('auth_challenges_factor_idx').on(table.factorId)],
);

/** Ten single-use recovery codes, kept as SHA-256 hashes only. */
export const authRecoveryCodes = pgTable(
  'auth_recovery_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    codeHash: text('code_hash').notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('auth_recovery_codes_hash_idx').on(table.userId, table.codeHash)],
);

/** A session that proved a second factor (authenticator assurance level 2); absent: level 1. */
export const sessionAssurance = pgTable('session_assurance', {
  sessionId: uuid('session_id')
    .primaryKey()
    .references(() => session.id, { onDelete: 'cascade' }),
  level: text('level').$type<'aal2'>().notNull().default('aal2'),
  /** 'totp' or 'recovery' (a recovery code). */
  method: text('method').notNull(),
  verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
});

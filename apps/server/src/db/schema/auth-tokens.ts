import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { session, user } from './auth.ts';

/**
 * The keys that sign access tokens (decision 063). Generated once by whichever process needs one
 * first, so every process signs and verifies with the same keys; the private half is encrypted
 * with the auth secret. A rotated key stays published in the JWKS (retired_at set) until every
 * token it signed has expired. Platform-level: no business, no RLS (like better-auth's tables).
 */
export const authSigningKeys = pgTable(
  'auth_signing_keys',
  {
    /** The JWK `kid`. */
    id: text('id').primaryKey(),
    algorithm: text('algorithm').notNull(),
    publicJwk: jsonb('public_jwk').$type<Record<string, unknown>>().notNull(),
    /** The private JWK as JSON, encrypted with the auth secret. */
    privateJwk: text('private_jwk').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Set when a newer key took over signing; null for the one key that signs. */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  // At most one key signs at a time: two processes creating the first key at once cannot both win.
  (table) => [uniqueIndex('auth_signing_keys_one_active_idx').on(sql`(true)`).where(sql`${table.retiredAt} is null`)],
);

/**
 * Refresh tokens (decision 063): only their SHA-256 is kept. Each belongs to one session (the
 * "family"): a token is used once and replaced; presenting a used one again ends the session,
 * and with it every token of the family (the rows go with the session).
 */
export const authRefreshTokens = pgTable(
  'auth_refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    tokenHash: text('token_hash').notNull(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => session.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [uniqueIndex('auth_refresh_tokens_hash_idx').on(table.tokenHash), index('auth_refresh_tokens_session_idx').on(table.sessionId)],
);

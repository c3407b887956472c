import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';

/**
 * A business's own OpenID Connect provider (decision 068): one per business, set by whoever may
 * change settings. The client secret is encrypted with the auth secret (like TOTP secrets and the
 * signing keys). Fenced by business_id (row-level security in the migration); sign-in finds a
 * provider by its domain as the connecting role, before any tenant is known.
 */
export const ssoProviders = pgTable('sso_providers', {
  id: uuid('id').primaryKey().defaultRandom(),
  businessId: uuid('business_id')
    .notNull()
    .unique()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  displayName: text('display_name').notNull(),
  issuer: text('issuer').notNull(),
  clientId: text('client_id').notNull(),
  /** Encrypted with the auth secret; null for a public client (PKCE alone). */
  clientSecret: text('client_secret'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * The e-mail domains a provider signs in, each proven by a DNS TXT record when saved. A domain
 * belongs to one business in the whole platform (the primary key): typing a work address leads
 * to one provider only.
 */
export const ssoDomains = pgTable(
  'sso_domains',
  {
    domain: text('domain').primaryKey(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    providerId: uuid('provider_id')
      .notNull()
      .references(() => ssoProviders.id, { onDelete: 'cascade' }),
    verifiedAt: timestamp('verified_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('sso_domains_provider').on(table.providerId)],
);

import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, jsonb, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';

/**
 * Outgoing webhooks (issue 20 item 11; decision 046). An endpoint is a business's URL with the
 * events it wants and a secret the deliveries are signed with. A delivery is one event for one
 * endpoint: written by database triggers in the transaction of the sale, refund, Z close or stock
 * change (only for an enabled endpoint subscribed to the event), then posted by the delivery job
 * and tried again with backoff. Both fenced by business_id (row-level security in the migration).
 */
export const webhookEndpoints = pgTable(
  'webhook_endpoints',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    events: text('events').array().notNull(),
    secret: text('secret').notNull(),
    enabled: boolean('enabled').notNull().default(true),
    /** Why it was switched off by the job (failing for three days); null when switched by hand or on. */
    disabledReason: text('disabled_reason'),
    /** The first failed attempt since the last success; null while it answers. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('webhook_endpoints_business').on(table.businessId, table.createdAt), unique('webhook_endpoints_business_id').on(table.businessId, table.id)],
);

export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    endpointId: uuid('endpoint_id').notNull(),
    /** The event's id, the same for every endpoint that gets it (the payload's `id`). */
    eventId: uuid('event_id').notNull(),
    eventType: text('event_type').notNull(),
    payload: jsonb('payload').notNull(),
    status: text('status', { enum: ['pending', 'delivered', 'failed'] }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }),
    lastAttemptAt: timestamp('last_attempt_at', { withTimezone: true }),
    responseStatus: integer('response_status'),
    responseExcerpt: text('response_excerpt'),
    durationMs: integer('duration_ms'),
    error: text('error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // The job's queue: due pending deliveries of every business.
    index('webhook_deliveries_due').on(table.nextAttemptAt).where(sql`${table.status} = 'pending'`),
    index('webhook_deliveries_endpoint').on(table.businessId, table.endpointId, table.createdAt),
    // Composite: foreign-key checks ignore row-level security, so the business is part of the key.
    foreignKey({ name: 'webhook_deliveries_endpoint_fk', columns: [table.businessId, table.endpointId], foreignColumns: [webhookEndpoints.businessId, webhookEndpoints.id] }).onDelete('cascade'),
  ],
);

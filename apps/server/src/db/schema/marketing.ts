import { sql } from 'drizzle-orm';
import { check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { SegmentRules } from '@till/core';
import { businesses } from './business.ts';
import { customers } from './sales.ts';

/**
 * Marketing (issue 20 item 7, decision 051): saved customer segments, e-mail campaigns sent once
 * to a segment, and one row per recipient (the tracked link's clicks). Fenced by business_id
 * (row-level security in its migration).
 */
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const marketingSegments = pgTable(
  'marketing_segments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    name: text('name').notNull(),
    rules: jsonb('rules').$type<SegmentRules>().notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('marketing_segments_business').on(table.businessId, table.createdAt)],
);

export const marketingCampaigns = pgTable(
  'marketing_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    subject: text('subject').notNull(),
    body: text('body').notNull(),
    /** Where the e-mail's tracked link leads; null sends no link. */
    linkUrl: text('link_url'),
    segmentId: uuid('segment_id').references(() => marketingSegments.id, { onDelete: 'set null' }),
    segmentName: text('segment_name').notNull(),
    /** The segment's rules when the campaign was written: a later edit of the segment does not change who it went to. */
    rules: jsonb('rules').$type<SegmentRules>().notNull(),
    attributionDays: integer('attribution_days').notNull().default(7),
    status: text('status', { enum: ['draft', 'sent'] }).notNull().default('draft'),
    /** The client's idempotency key of the send that went out: a retry with it answers the same. */
    sendKey: text('send_key'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index('marketing_campaigns_business').on(table.businessId, table.createdAt),
    check('marketing_campaigns_status', sql`${table.status} in ('draft', 'sent')`),
  ],
);

export const marketingRecipients = pgTable(
  'marketing_recipients',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => marketingCampaigns.id, { onDelete: 'cascade' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    clicks: integer('clicks').notNull().default(0),
    firstClickedAt: timestamp('first_clicked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('marketing_recipients_campaign_customer').on(table.campaignId, table.customerId),
    index('marketing_recipients_business_customer').on(table.businessId, table.customerId),
  ],
);

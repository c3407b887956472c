import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';

const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

/**
 * SPEC §3 chatbot_settings (the row named `default`) with SPEC §2's widget options. The
 * reporting views the database assistant may read are `database_permissions`; it may read them
 * only while `can_edit_database` is on (issue 17). The address and opening hours are what the
 * customer-facing assistant may tell visitors; nothing else about the business reaches it.
 */
export const chatbotSettings = pgTable(
  'chatbot_settings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    name: text('name').notNull().default('default'),
    canEditCode: boolean('can_edit_code').notNull().default(false),
    canEditDatabase: boolean('can_edit_database').notNull().default(false),
    /** Reporting views (migration `chatbot_rls`) the database assistant may read; all of them by default. */
    databasePermissions: text('database_permissions')
      .array()
      .notNull()
      .default(sql`'{ai_orders,ai_order_lines,ai_payments,ai_products,ai_categories,ai_customers,ai_daily_sales}'::text[]`),
    openaiModel: text('openai_model').notNull().default('gpt-4o-mini'),
    primaryColor: text('primary_color').notNull().default('#3b82f6'),
    secondaryColor: text('secondary_color').notNull().default('#1e293b'),
    position: text('position', { enum: ['bottom-right', 'bottom-left', 'top-right', 'top-left'] }).notNull().default('bottom-right'),
    widgetTheme: text('widget_theme', { enum: ['light', 'dark'] }).notNull().default('light'),
    showBranding: boolean('show_branding').notNull().default(true),
    autoOpen: boolean('auto_open').notNull().default(false),
    greeting: text('greeting').notNull().default('Hi! How can I help you today?'),
    allowedOrigins: text('allowed_origins').array().notNull().default(sql`'{}'::text[]`),
    transcriptRetentionDays: integer('transcript_retention_days').notNull().default(30),
    businessAddress: text('business_address'),
    openingHours: text('opening_hours'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('chatbot_settings_business_name').on(table.businessId, table.name)],
);

/**
 * A conversation with one of the two widgets (SPEC §3: one token per widget). Only the SHA-256
 * of the token is kept; after `expires_at` the next message starts a new session (SPEC §4).
 */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    tokenHash: text('token_hash').notNull(),
    widget: text('widget', { enum: ['customer', 'assistant'] }).notNull(),
    /** The signed-in account of an assistant-panel session; null for a visitor of the customer widget. */
    userId: uuid('user_id'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    lastActiveAt: timestamp('last_active_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('chat_sessions_token_hash').on(table.tokenHash), index('chat_sessions_business_created').on(table.businessId, table.createdAt)],
);

/** SPEC §3 chat message: id, role (user or assistant), content, timestamp. */
export const chatMessages = pgTable(
  'chat_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => chatSessions.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['user', 'assistant'] }).notNull(),
    content: text('content').notNull(),
    /** An assistant answer that had nothing to go on (core `isUnansweredTurn`), listed in Chatbot Insights. */
    unanswered: boolean('unanswered').notNull().default(false),
    createdAt: createdAt(),
  },
  (table) => [index('chat_messages_session_created').on(table.sessionId, table.createdAt), index('chat_messages_business_created').on(table.businessId, table.createdAt)],
);

/** A thumbs up or down on one assistant message. */
export const chatFeedback = pgTable(
  'chat_feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    messageId: uuid('message_id')
      .notNull()
      .references(() => chatMessages.id, { onDelete: 'cascade' }),
    rating: text('rating', { enum: ['up', 'down'] }).notNull(),
    comment: text('comment'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('chat_feedback_message').on(table.messageId)],
);

/**
 * The platform's defaults for a business's chatbot settings (SPEC §2 /superadmin/chatbot): one
 * row, read when a business's `default` settings row is first created. Not a tenant table.
 */
export const platformChatbotDefaults = pgTable('platform_chatbot_defaults', {
  id: integer('id').primaryKey().default(1),
  openaiModel: text('openai_model').notNull().default('gpt-4o-mini'),
  greeting: text('greeting').notNull().default('Hi! How can I help you today?'),
  primaryColor: text('primary_color').notNull().default('#3b82f6'),
  transcriptRetentionDays: integer('transcript_retention_days').notNull().default(30),
  canEditCode: boolean('can_edit_code').notNull().default(false),
  canEditDatabase: boolean('can_edit_database').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }),
  updatedBy: uuid('updated_by'),
});

import { index, jsonb, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';

/**
 * A realtime message too large for a NOTIFY payload (PostgreSQL's limit is 8000 bytes): the
 * publishing process stores it here and notifies its id; every process reads it by id. Rows
 * are swept a few minutes after they were written (decision 013).
 */
export const realtimeMessages = pgTable(
  'realtime_messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    message: jsonb('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('realtime_messages_created_idx').on(table.createdAt)],
);

import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';

/**
 * Messages sent from the Help Center's contact form (issue 20 item 12). Each is also e-mailed to
 * the super admins through the outbox; the row is the business's own record of it and what the
 * hourly limit counts. Fenced by business_id (row-level security in its migration).
 */
export const helpRequests = pgTable(
  'help_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').notNull(),
    employeeId: uuid('employee_id'),
    topic: text('topic').notNull(),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('help_requests_business_created').on(table.businessId, table.createdAt)],
);

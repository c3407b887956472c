import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The counters of every rate limit (sign-in per account and per address, password reset,
 * employee setup), kept in PostgreSQL so that every app process counts the same attempts
 * (decision 013). One row per limited key: the points used in the current window and when the
 * window ends. The column names are the ones rate-limiter-flexible's Drizzle store reads.
 * Platform-level, like outbox_messages: the keys are addresses and account names, not tenant rows.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamp('expire', { withTimezone: true }),
  },
  (table) => [index('rate_limits_expire_idx').on(table.expire)],
);

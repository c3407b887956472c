import { sql } from 'drizzle-orm';
import { boolean, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses, employees } from './business.ts';
import { registers } from './stores.ts';

/**
 * SPEC §3 employee_sessions: one row per PIN sign-in. The token handed to the browser is the
 * row id signed with the server secret, so nothing secret is stored here.
 */
export const employeeSessions = pgTable(
  'employee_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    sessionEnd: timestamp('session_end', { withTimezone: true }),
    /** Where the token was issued: which till, for the audit trail of a shared device. */
    clientAddress: text('client_address'),
    userAgent: text('user_agent'),
    /** The paired till it was opened on; the token works only together with that till's credential. */
    registerId: uuid('register_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'employee_sessions_employee_fk',
      columns: [table.businessId, table.employeeId],
      foreignColumns: [employees.businessId, employees.id],
    }).onDelete('cascade'),
    foreignKey({
      name: 'employee_sessions_register_fk',
      columns: [table.businessId, table.registerId],
      foreignColumns: [registers.businessId, registers.id],
    }),
    index('employee_sessions_active_register_idx').on(table.registerId).where(sql`${table.isActive}`),
    index('employee_sessions_active_employee_idx').on(table.employeeId).where(sql`${table.isActive}`),
  ],
);

/**
 * The failed (or still unfinished) PIN attempts of the last hour, so that the per-business
 * limit holds across several app processes (the in-memory limiter of docs/decisions/002 would
 * let each process allow it). A successful sign-in removes its row: a busy till whose staff
 * sign in all day long must not run into a limit meant for guessing.
 */
export const employeePinAttempts = pgTable(
  'employee_pin_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    /** The employee named by the attempt, if it named one of this business. */
    employeeId: uuid('employee_id'),
    /** The till it was typed on: each till has its own hourly allowance (issue 9 item 8). */
    registerId: uuid('register_id'),
    attemptedAt: timestamp('attempted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('employee_pin_attempts_business_time_idx').on(table.businessId, table.attemptedAt),
    index('employee_pin_attempts_register_time_idx').on(table.registerId, table.attemptedAt),
  ],
);

/**
 * Wrong PINs in a row for one employee on one till, and that pair's lock (issue 9 item 8): a
 * guesser at one till locks the employee there only; the same person signs in on another till.
 */
export const registerPinStates = pgTable(
  'register_pin_states',
  {
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    registerId: uuid('register_id').notNull(),
    employeeId: uuid('employee_id').notNull(),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.registerId, table.employeeId] }),
    foreignKey({ name: 'register_pin_states_register_fk', columns: [table.businessId, table.registerId], foreignColumns: [registers.businessId, registers.id] }).onDelete('cascade'),
    foreignKey({ name: 'register_pin_states_employee_fk', columns: [table.businessId, table.employeeId], foreignColumns: [employees.businessId, employees.id] }).onDelete('cascade'),
  ],
);

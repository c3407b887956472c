import { sql } from 'drizzle-orm';
import { bigint, foreignKey, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { CashReport } from '@till/core';
import { businesses } from './business.ts';
import { registers } from './stores.ts';

/**
 * Cash drawer sessions (issue 12; feature cash_management): one open session per register,
 * from the counted opening float to the Z report. Sales, refunds and voids made on the register
 * while it is open carry its id (orders, payments, refunds .cash_session_id), set in the
 * transaction that writes them under a share lock of this row, so a sale committing while the
 * session closes lands in exactly one session.
 */
const money = (name: string) => bigint(name, { mode: 'number' });
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const cashSessions = pgTable(
  'cash_sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    registerId: uuid('register_id').notNull(),
    status: text('status', { enum: ['open', 'closed'] }).notNull().default('open'),
    /** The Z number, given at close from z_report_counters: per business, without gaps. */
    number: integer('number'),
    openingFloat: money('opening_float').notNull(),
    openingDenominations: jsonb('opening_denominations').$type<Record<string, number>>(),
    openingNote: text('opening_note'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
    openedByEmployeeId: uuid('opened_by_employee_id'),
    openedByUserId: uuid('opened_by_user_id'),
    openedByName: text('opened_by_name').notNull(),
    openIdempotencyKey: uuid('open_idempotency_key').notNull(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    closedByEmployeeId: uuid('closed_by_employee_id'),
    closedByUserId: uuid('closed_by_user_id'),
    closedByName: text('closed_by_name'),
    closeIdempotencyKey: uuid('close_idempotency_key'),
    countedCash: money('counted_cash'),
    expectedCash: money('expected_cash'),
    cashDifference: money('cash_difference'),
    netSales: money('net_sales'),
    approvedByEmployeeId: uuid('approved_by_employee_id'),
    /** The frozen Z report: stored at close and never recomputed from rows that can change later. */
    report: jsonb('report').$type<CashReport>(),
  },
  (table) => [
    uniqueIndex('cash_sessions_register_open').on(table.businessId, table.registerId).where(sql`${table.status} = 'open'`),
    uniqueIndex('cash_sessions_business_number').on(table.businessId, table.number).where(sql`${table.number} is not null`),
    uniqueIndex('cash_sessions_open_key').on(table.businessId, table.openIdempotencyKey),
    index('cash_sessions_business_closed').on(table.businessId, table.closedAt),
    // Composite: foreign-key checks ignore row-level security, so the business is part of the key.
    foreignKey({ name: 'cash_sessions_register_fk', columns: [table.businessId, table.registerId], foreignColumns: [registers.businessId, registers.id] }),
  ],
);

/** Money into or out of the drawer that is not a sale, and "no sale" openings (audited). */
export const cashMovements = pgTable(
  'cash_movements',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    sessionId: uuid('session_id')
      .notNull()
      .references(() => cashSessions.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['pay_in', 'pay_out', 'drop', 'no_sale'] }).notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    employeeId: uuid('employee_id'),
    actorUserId: uuid('actor_user_id'),
    employeeName: text('employee_name').notNull(),
    idempotencyKey: uuid('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('cash_movements_session').on(table.sessionId, table.createdAt),
    uniqueIndex('cash_movements_business_key').on(table.businessId, table.idempotencyKey),
  ],
);

/** Gap-free Z numbers: the close transaction increments this row, so a rollback gives the number back. */
export const zReportCounters = pgTable('z_report_counters', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  lastNumber: integer('last_number').notNull().default(0),
});

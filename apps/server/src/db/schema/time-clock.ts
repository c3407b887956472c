import { sql } from 'drizzle-orm';
import { foreignKey, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, employees } from './business.ts';

/**
 * SPEC §3 time_clock: one row per shift, with at most one break. Hours are numeric with two
 * decimals, filled when the shift closes (SPEC §4), recomputed when a manager corrects it.
 */
export const timeClock = pgTable(
  'time_clock',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id').notNull(),
    clockInTime: timestamp('clock_in_time', { withTimezone: true }).notNull(),
    clockOutTime: timestamp('clock_out_time', { withTimezone: true }),
    breakStartTime: timestamp('break_start_time', { withTimezone: true }),
    breakEndTime: timestamp('break_end_time', { withTimezone: true }),
    totalHours: numeric('total_hours', { precision: 8, scale: 2, mode: 'number' }),
    overtimeHours: numeric('overtime_hours', { precision: 8, scale: 2, mode: 'number' }),
    correctedAt: timestamp('corrected_at', { withTimezone: true }),
    correctedByUserId: uuid('corrected_by_user_id'),
    correctedByEmployeeId: uuid('corrected_by_employee_id'),
    correctionReason: text('correction_reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    foreignKey({
      name: 'time_clock_employee_fk',
      columns: [table.businessId, table.employeeId],
      foreignColumns: [employees.businessId, employees.id],
    }),
    // One open shift per employee: two clock-ins at once cannot both succeed.
    uniqueIndex('time_clock_one_open_per_employee').on(table.employeeId).where(sql`${table.clockOutTime} is null`),
    index('time_clock_business_clock_in_idx').on(table.businessId, table.clockInTime),
    index('time_clock_employee_clock_in_idx').on(table.employeeId, table.clockInTime),
  ],
);

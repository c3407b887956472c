import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { businesses, employees } from './business.ts';

/**
 * Tasks (issue 20 item 8): work for someone in the business, with a due day and a status.
 * Fenced by business_id (row-level security in its migration); the assignee reference carries
 * the business, because foreign-key checks ignore row-level security.
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    notes: text('notes'),
    assigneeEmployeeId: uuid('assignee_employee_id'),
    dueDate: date('due_date', { mode: 'string' }),
    status: text('status').notNull().default('open'),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdByEmployeeId: uuid('created_by_employee_id'),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('tasks_business_status_due').on(table.businessId, table.status, table.dueDate),
    index('tasks_business_assignee').on(table.businessId, table.assigneeEmployeeId),
    foreignKey({ name: 'tasks_assignee_fk', columns: [table.businessId, table.assigneeEmployeeId], foreignColumns: [employees.businessId, employees.id] }),
    check('tasks_status', sql`${table.status} in ('open', 'in_progress', 'done')`),
  ],
);

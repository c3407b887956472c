import { sql } from 'drizzle-orm';
import { check, date, foreignKey, index, integer, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, employees } from './business.ts';
import { stores } from './stores.ts';

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

/**
 * Opening and closing checklists (decision 056): recurring on chosen ISO weekdays, in one store
 * (store_id) or in every store (null).
 */
export const checklists = pgTable(
  'checklists',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    storeId: uuid('store_id'),
    name: text('name').notNull(),
    kind: text('kind').notNull(),
    weekdays: integer('weekdays').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('checklists_business').on(table.businessId),
    unique('checklists_business_id_id_unique').on(table.businessId, table.id),
    foreignKey({ name: 'checklists_store_fk', columns: [table.businessId, table.storeId], foreignColumns: [stores.businessId, stores.id] }).onDelete('cascade'),
    check('checklists_kind', sql`${table.kind} in ('opening', 'closing', 'other')`),
  ],
);

/** The things to tick off, in order. */
export const checklistItems = pgTable(
  'checklist_items',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    checklistId: uuid('checklist_id').notNull(),
    position: integer('position').notNull(),
    text: text('text').notNull(),
  },
  (table) => [
    index('checklist_items_checklist').on(table.businessId, table.checklistId, table.position),
    unique('checklist_items_business_id_id_unique').on(table.businessId, table.id),
    foreignKey({ name: 'checklist_items_checklist_fk', columns: [table.businessId, table.checklistId], foreignColumns: [checklists.businessId, checklists.id] }).onDelete('cascade'),
  ],
);

/** An item ticked off in a store on a local day, and by whom. */
export const checklistTicks = pgTable(
  'checklist_ticks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    itemId: uuid('item_id').notNull(),
    storeId: uuid('store_id').notNull(),
    day: date('day', { mode: 'string' }).notNull(),
    doneByUserId: uuid('done_by_user_id').notNull(),
    doneByEmployeeId: uuid('done_by_employee_id'),
    doneAt: timestamp('done_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('checklist_ticks_item_store_day').on(table.businessId, table.itemId, table.storeId, table.day),
    foreignKey({ name: 'checklist_ticks_item_fk', columns: [table.businessId, table.itemId], foreignColumns: [checklistItems.businessId, checklistItems.id] }).onDelete('cascade'),
    foreignKey({ name: 'checklist_ticks_store_fk', columns: [table.businessId, table.storeId], foreignColumns: [stores.businessId, stores.id] }).onDelete('cascade'),
    foreignKey({ name: 'checklist_ticks_employee_fk', columns: [table.businessId, table.doneByEmployeeId], foreignColumns: [employees.businessId, employees.id] }),
  ],
);

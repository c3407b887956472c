import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, pgTable, text, timestamp, unique, uuid } from 'drizzle-orm/pg-core';
import { businesses, employees } from './business.ts';

/**
 * Incidents (issue 20 item 9): breakages, complaints, accidents, thefts. Fenced by business_id
 * (row-level security in its migration); references carry the business, because foreign-key
 * checks ignore row-level security.
 */
export const incidents = pgTable(
  'incidents',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    severity: text('severity').notNull(),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull(),
    location: text('location'),
    description: text('description').notNull(),
    peopleInvolved: text('people_involved'),
    status: text('status').notNull().default('open'),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdByEmployeeId: uuid('created_by_employee_id'),
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('incidents_business_occurred').on(table.businessId, table.occurredAt),
    unique('incidents_business_id_id_unique').on(table.businessId, table.id),
    check('incidents_type', sql`${table.type} in ('breakage', 'complaint', 'accident', 'theft', 'other')`),
    check('incidents_severity', sql`${table.severity} in ('low', 'medium', 'high')`),
    check('incidents_status', sql`${table.status} in ('open', 'closed')`),
  ],
);

/** A follow-up action of an incident: what to do, who does it (an employee), and whether it is done. */
export const incidentActions = pgTable(
  'incident_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    incidentId: uuid('incident_id').notNull(),
    description: text('description').notNull(),
    ownerEmployeeId: uuid('owner_employee_id'),
    isDone: boolean('is_done').notNull().default(false),
    doneAt: timestamp('done_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('incident_actions_incident').on(table.businessId, table.incidentId),
    foreignKey({ name: 'incident_actions_incident_fk', columns: [table.businessId, table.incidentId], foreignColumns: [incidents.businessId, incidents.id] }).onDelete('cascade'),
    foreignKey({ name: 'incident_actions_owner_fk', columns: [table.businessId, table.ownerEmployeeId], foreignColumns: [employees.businessId, employees.id] }),
  ],
);

/** Photos of an incident (at most ten, decision 055), objects in the business's `incident-photos` bucket. */
export const incidentPhotos = pgTable(
  'incident_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: uuid('business_id')
      .notNull()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    incidentId: uuid('incident_id').notNull(),
    /** The object's name in the bucket. */
    name: text('name').notNull(),
    createdByUserId: uuid('created_by_user_id').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('incident_photos_incident').on(table.businessId, table.incidentId, table.createdAt),
    foreignKey({ name: 'incident_photos_incident_fk', columns: [table.businessId, table.incidentId], foreignColumns: [incidents.businessId, incidents.id] }).onDelete('cascade'),
  ],
);

import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, employees } from './business.ts';
import { customers } from './sales.ts';

/**
 * Appointments (issue 18 item 5, decision 032). No double booking is enforced by the database:
 * the migration adds `appointments_no_overlap`, an exclusion constraint (btree_gist) on
 * (employee_id, tstzrange(starts_at, ends_at)) over every appointment that is not cancelled.
 * Drizzle cannot declare exclusion constraints, so it lives in the migration's SQL only.
 */
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const APPOINTMENT_STATUS_VALUES = ['booked', 'completed', 'cancelled', 'no_show'] as const;

export const appointmentServices = pgTable(
  'appointment_services',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    name: text('name').notNull(),
    durationMinutes: integer('duration_minutes').notNull(),
    /** Minor units of the business's currency. */
    price: bigint('price', { mode: 'number' }).notNull(),
    active: boolean('active').notNull().default(true),
    /** Offered on the public booking page (decision 040). */
    bookableOnline: boolean('bookable_online').notNull().default(false),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('appointment_services_business_name').on(table.businessId, sql`lower(${table.name})`),
    check('appointment_services_duration', sql`${table.durationMinutes} between 5 and 720`),
    check('appointment_services_price', sql`${table.price} >= 0`),
  ],
);

/** Who can do a service; a service with no rows here can be done by anyone. */
export const appointmentServiceStaff = pgTable(
  'appointment_service_staff',
  {
    businessId: businessId(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => appointmentServices.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.serviceId, table.employeeId] })],
);

/** One row per staff member and ISO weekday (1 Monday … 7 Sunday); minutes in the business's zone. */
export const staffWorkingHours = pgTable(
  'staff_working_hours',
  {
    businessId: businessId(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    weekday: smallint('weekday').notNull(),
    startMinute: smallint('start_minute').notNull(),
    endMinute: smallint('end_minute').notNull(),
    breakStartMinute: smallint('break_start_minute'),
    breakEndMinute: smallint('break_end_minute'),
  },
  (table) => [
    primaryKey({ columns: [table.employeeId, table.weekday] }),
    check('staff_working_hours_weekday', sql`${table.weekday} between 1 and 7`),
    check('staff_working_hours_span', sql`0 <= ${table.startMinute} and ${table.startMinute} < ${table.endMinute} and ${table.endMinute} <= 1440`),
  ],
);

/** Whole days off, both included. */
export const staffTimeOff = pgTable(
  'staff_time_off',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    startsOn: date('starts_on', { mode: 'string' }).notNull(),
    endsOn: date('ends_on', { mode: 'string' }).notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (table) => [index('staff_time_off_employee').on(table.businessId, table.employeeId, table.startsOn), check('staff_time_off_span', sql`${table.startsOn} <= ${table.endsOn}`)],
);

export const appointments = pgTable(
  'appointments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    serviceId: uuid('service_id')
      .notNull()
      .references(() => appointmentServices.id, { onDelete: 'restrict' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'restrict' }),
    /** An existing customer, or only the name and contact typed at booking. */
    customerId: uuid('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    customerName: text('customer_name').notNull(),
    customerPhone: text('customer_phone'),
    customerEmail: text('customer_email'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    status: text('status', { enum: APPOINTMENT_STATUS_VALUES }).notNull().default('booked'),
    notes: text('notes'),
    /** The service's price when booked, minor units. */
    price: bigint('price', { mode: 'number' }).notNull(),
    /** Raised on every change, the .ics SEQUENCE. */
    revision: integer('revision').notNull().default(0),
    /** Set once, when the day-before reminder went to the outbox. */
    reminderSentAt: timestamp('reminder_sent_at', { withTimezone: true }),
    /** Who booked it: the shop (`staff`) or the customer on the public booking page (`online`). */
    source: text('source', { enum: ['staff', 'online'] }).notNull().default('staff'),
    /** The public booking form's idempotency key: a second submit returns the first appointment. */
    clientKey: uuid('client_key'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('appointments_business_time').on(table.businessId, table.startsAt),
    index('appointments_reminders_due').on(table.startsAt).where(sql`${table.status} = 'booked' and ${table.reminderSentAt} is null`),
    check('appointments_span', sql`${table.startsAt} < ${table.endsAt}`),
    uniqueIndex('appointments_client_key').on(table.businessId, table.clientKey).where(sql`${table.clientKey} is not null`),
  ],
);

/**
 * The business's public booking page (decision 040): off until the owner turns it on. The link
 * is signed with the server secret over the business id and `link_key`.
 */
export const appointmentBookingPages = pgTable(
  'appointment_booking_pages',
  {
    businessId: uuid('business_id')
      .primaryKey()
      .references(() => businesses.id, { onDelete: 'cascade' }),
    enabled: boolean('enabled').notNull().default(false),
    linkKey: text('link_key').notNull(),
    minNoticeHours: integer('min_notice_hours').notNull().default(2),
    horizonDays: integer('horizon_days').notNull().default(30),
    welcomeText: text('welcome_text'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    check('appointment_booking_pages_notice', sql`${table.minNoticeHours} between 0 and 720`),
    check('appointment_booking_pages_horizon', sql`${table.horizonDays} between 1 and 365`),
  ],
);

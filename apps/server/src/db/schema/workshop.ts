import { sql } from 'drizzle-orm';
import { bigint, boolean, date, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses, employees } from './business.ts';
import { appointments } from './appointments.ts';
import { invoices } from './invoices.ts';
import { customers, products } from './sales.ts';

/**
 * The mechanics workshop (issue 18, decision 030): customers' vehicles, their odometer readings,
 * repair orders with an inspection, jobs and lines, and the customer's approval of each job.
 * Every table is fenced by business_id (row-level security at the end of the migration).
 */
const money = (name: string) => bigint(name, { mode: 'number' });
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const REPAIR_ORDER_STATUS_VALUES = ['estimate', 'waiting_for_approval', 'approved', 'in_progress', 'ready', 'invoiced', 'paid', 'declined'] as const;

/** The workshop's own settings: its inspection checklist and default labour rate. */
export const workshopSettings = pgTable('workshop_settings', {
  businessId: uuid('business_id')
    .primaryKey()
    .references(() => businesses.id, { onDelete: 'cascade' }),
  inspectionPoints: jsonb('inspection_points').$type<string[]>().notNull(),
  labourRate: money('labour_rate').notNull().default(0),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    vin: text('vin'),
    plate: text('plate'),
    make: text('make'),
    model: text('model'),
    year: integer('year'),
    engine: text('engine'),
    colour: text('colour'),
    notes: text('notes'),
    /** The next service (decision 038): due on a day and/or at a mileage, whichever comes first. */
    nextServiceDueOn: date('next_service_due_on', { mode: 'string' }),
    nextServiceDueMileage: integer('next_service_due_mileage'),
    /** The due ("day|mileage") a reminder was last sent for: one reminder per due, claimed in the business's transaction. */
    serviceRemindedFor: text('service_reminded_for'),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('vehicles_next_service').on(table.businessId, table.nextServiceDueOn).where(sql`${table.nextServiceDueOn} is not null or ${table.nextServiceDueMileage} is not null`),
    uniqueIndex('vehicles_business_vin').on(table.businessId, table.vin).where(sql`${table.vin} is not null`),
    index('vehicles_business_plate').on(table.businessId, table.plate),
    index('vehicles_business_customer').on(table.businessId, table.customerId),
  ],
);

export const odometerReadings = pgTable(
  'vehicle_odometer_readings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'cascade' }),
    reading: integer('reading').notNull(),
    repairOrderId: uuid('repair_order_id'),
    recordedAt: createdAt(),
  },
  (table) => [index('odometer_business_vehicle').on(table.businessId, table.vehicleId, table.recordedAt)],
);

export const repairOrders = pgTable(
  'repair_orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    number: integer('number').notNull(),
    vehicleId: uuid('vehicle_id')
      .notNull()
      .references(() => vehicles.id, { onDelete: 'restrict' }),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'restrict' }),
    status: text('status', { enum: REPAIR_ORDER_STATUS_VALUES }).notNull().default('estimate'),
    concerns: text('concerns').notNull().default(''),
    odometer: integer('odometer'),
    createdByEmployeeId: uuid('created_by_employee_id'),
    /** The invoice made from its approved jobs (decision 038). */
    invoiceId: uuid('invoice_id').references(() => invoices.id, { onDelete: 'set null' }),
    /** The booking the car came in for (decision 038): one repair order per appointment. */
    appointmentId: uuid('appointment_id').references(() => appointments.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    statusChangedAt: timestamp('status_changed_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * What the board shows per card, stored by every change to the order in the same transaction
     * (priced by core priceRepairOrder; decision 041). `pricedIncludingTax` is the business's
     * prices_include_tax they were priced under: null (never priced) or a different setting makes
     * the board price that card from its jobs and lines instead.
     */
    subtotal: money('subtotal').notNull().default(0),
    tax: money('tax').notNull().default(0),
    total: money('total').notNull().default(0),
    pricedIncludingTax: boolean('priced_including_tax'),
    jobCount: integer('job_count').notNull().default(0),
    approvedJobs: integer('approved_jobs').notNull().default(0),
    declinedJobs: integer('declined_jobs').notNull().default(0),
    clockedHundredths: integer('clocked_hundredths').notNull().default(0),
  },
  (table) => [
    uniqueIndex('repair_orders_business_number').on(table.businessId, table.number),
    uniqueIndex('repair_orders_business_appointment').on(table.businessId, table.appointmentId).where(sql`${table.appointmentId} is not null`),
    index('repair_orders_business_status').on(table.businessId, table.status),
    index('repair_orders_business_vehicle').on(table.businessId, table.vehicleId),
    /** The board's order (latest status change first; bench/workshop, decision 038). */
    index('repair_orders_business_board').on(table.businessId, table.statusChangedAt, table.number),
  ],
);

export const inspectionPoints = pgTable(
  'repair_order_inspection_points',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    repairOrderId: uuid('repair_order_id')
      .notNull()
      .references(() => repairOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    label: text('label').notNull(),
    condition: text('condition', { enum: ['green', 'yellow', 'red'] }),
    notes: text('notes'),
  },
  (table) => [index('inspection_points_business_order').on(table.businessId, table.repairOrderId, table.position)],
);

/** Up to six photos per inspection point (decision 041), objects in the business's `inspection-photos` bucket. */
export const inspectionPhotos = pgTable(
  'repair_order_inspection_photos',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    repairOrderId: uuid('repair_order_id')
      .notNull()
      .references(() => repairOrders.id, { onDelete: 'cascade' }),
    pointId: uuid('point_id')
      .notNull()
      .references(() => inspectionPoints.id, { onDelete: 'cascade' }),
    /** The object's name in the bucket. */
    name: text('name').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('inspection_photos_business_order').on(table.businessId, table.repairOrderId, table.createdAt)],
);

export const repairJobs = pgTable(
  'repair_order_jobs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    repairOrderId: uuid('repair_order_id')
      .notNull()
      .references(() => repairOrders.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    title: text('title').notNull(),
    technicianEmployeeId: uuid('technician_employee_id').references(() => employees.id, { onDelete: 'set null' }),
    approval: text('approval', { enum: ['pending', 'approved', 'declined'] }).notNull().default('pending'),
    /** Hours the technician actually spent, in hundredths. */
    actualHundredths: integer('actual_hundredths'),
    createdAt: createdAt(),
  },
  (table) => [index('repair_jobs_business_order').on(table.businessId, table.repairOrderId, table.position)],
);

/**
 * A technician's clock on a job (decision 038): started and stopped from their employee session;
 * stopping adds the time to the job's actual hours. One running clock per technician, kept by a
 * partial unique index.
 */
export const repairJobClocks = pgTable(
  'repair_job_clocks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    repairOrderId: uuid('repair_order_id')
      .notNull()
      .references(() => repairOrders.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => repairJobs.id, { onDelete: 'cascade' }),
    employeeId: uuid('employee_id')
      .notNull()
      .references(() => employees.id, { onDelete: 'cascade' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull(),
    stoppedAt: timestamp('stopped_at', { withTimezone: true }),
    /** Hundredths of an hour, set when stopped. */
    hundredths: integer('hundredths'),
  },
  (table) => [
    uniqueIndex('repair_job_clocks_one_running').on(table.businessId, table.employeeId).where(sql`${table.stoppedAt} is null`),
    index('repair_job_clocks_job').on(table.businessId, table.jobId),
  ],
);

export const repairLines = pgTable(
  'repair_order_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    repairOrderId: uuid('repair_order_id')
      .notNull()
      .references(() => repairOrders.id, { onDelete: 'cascade' }),
    jobId: uuid('job_id')
      .notNull()
      .references(() => repairJobs.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['labour', 'part'] }).notNull(),
    description: text('description').notNull(),
    hoursHundredths: integer('hours_hundredths'),
    rate: money('rate'),
    productId: uuid('product_id').references(() => products.id, { onDelete: 'set null' }),
    quantity: integer('quantity').notNull().default(1),
    unitPrice: money('unit_price'),
    taxRateBasisPoints: integer('tax_rate_basis_points').notNull().default(0),
    createdAt: createdAt(),
  },
  (table) => [index('repair_lines_business_job').on(table.businessId, table.jobId), index('repair_lines_business_order').on(table.businessId, table.repairOrderId)],
);

/** One approval link sent to the customer; its answer, once given, is never changed. */
export const repairApprovals = pgTable(
  'repair_order_approvals',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    repairOrderId: uuid('repair_order_id')
      .notNull()
      .references(() => repairOrders.id, { onDelete: 'cascade' }),
    /** What the customer was shown: inspection, jobs with prices, totals. */
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    emailedTo: text('emailed_to'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    customerName: text('customer_name'),
    ipAddress: text('ip_address'),
    decisions: jsonb('decisions').$type<{ job_id: string; decision: 'approved' | 'declined' }[]>(),
  },
  (table) => [index('repair_approvals_business_order').on(table.businessId, table.repairOrderId)],
);

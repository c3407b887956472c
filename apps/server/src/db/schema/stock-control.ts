import { bigint, date, foreignKey, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';
import { categories, products } from './sales.ts';
import { stores } from './stores.ts';

/**
 * Stock control (issue 14 items 3, 4, 6): adjustments with a reason, waste with the cost lost,
 * and stock count sessions. Each writes stock_movements (reason 'adjustment', 'waste', 'count')
 * and products.stock_quantity in the same transaction, so stock stays the sum of movements.
 * Every table is fenced by business_id (row-level security at the end of the migration).
 */
const money = (name: string) => bigint(name, { mode: 'number' });
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const productId = () =>
  uuid('product_id')
    .notNull()
    .references(() => products.id, { onDelete: 'cascade' });

export const stockAdjustments = pgTable(
  'stock_adjustments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    productId: productId(),
    quantityDelta: integer('quantity_delta').notNull(),
    reason: text('reason', { enum: ['received', 'damaged', 'lost', 'theft', 'correction', 'returned_to_supplier'] }).notNull(),
    note: text('note'),
    quantityAfter: integer('quantity_after').notNull(),
    /** The store whose shelf moved (decision 049); quantityAfter is that store's stock when the business has several. */
    storeId: uuid('store_id'),
    idempotencyKey: uuid('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmployeeId: uuid('actor_employee_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('stock_adjustments_business_idempotency').on(table.businessId, table.idempotencyKey),
    foreignKey({ name: 'stock_adjustments_store_fk', columns: [table.businessId, table.storeId], foreignColumns: [stores.businessId, stores.id] }),
  ],
);

export const wasteRecords = pgTable(
  'waste_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    productId: productId(),
    quantity: integer('quantity').notNull(),
    reason: text('reason', { enum: ['expired', 'damaged', 'spoiled', 'preparation', 'other'] }).notNull(),
    note: text('note'),
    /** The product's cost when the waste was recorded, and quantity × it: the cost lost. */
    unitCost: money('unit_cost').notNull(),
    costValue: money('cost_value').notNull(),
    /** The store the units were wasted in (decision 049). */
    storeId: uuid('store_id'),
    idempotencyKey: uuid('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    actorUserId: uuid('actor_user_id'),
    actorEmployeeId: uuid('actor_employee_id'),
    /** The batch written off (decision 048), if any. */
    batchId: uuid('batch_id'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('waste_records_business_idempotency').on(table.businessId, table.idempotencyKey),
    index('waste_records_business_created').on(table.businessId, table.createdAt),
    foreignKey({ name: 'waste_records_store_fk', columns: [table.businessId, table.storeId], foreignColumns: [stores.businessId, stores.id] }),
  ],
);

export const stockCounts = pgTable(
  'stock_counts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    scope: text('scope', { enum: ['full', 'category', 'shelf'] }).notNull(),
    categoryId: uuid('category_id').references(() => categories.id, { onDelete: 'set null' }),
    /** The shelf a 'shelf' count covers (product_stock.shelf in the count's store). */
    shelf: text('shelf'),
    /** The store counted (decision 049): expected quantities and postings are that store's. */
    storeId: uuid('store_id'),
    status: text('status', { enum: ['counting', 'posted', 'cancelled'] }).notNull().default('counting'),
    note: text('note'),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    startedByUserId: uuid('started_by_user_id'),
    startedByEmployeeId: uuid('started_by_employee_id'),
    postedAt: timestamp('posted_at', { withTimezone: true }),
    postedByUserId: uuid('posted_by_user_id'),
    postedByEmployeeId: uuid('posted_by_employee_id'),
  },
  (table) => [
    index('stock_counts_business_started').on(table.businessId, table.startedAt),
    foreignKey({ name: 'stock_counts_store_fk', columns: [table.businessId, table.storeId], foreignColumns: [stores.businessId, stores.id] }),
  ],
);

/** One product of a count: expected is snapshotted at the start; counted when someone counts it. */
export const stockCountLines = pgTable(
  'stock_count_lines',
  {
    businessId: businessId(),
    countId: uuid('count_id')
      .notNull()
      .references(() => stockCounts.id, { onDelete: 'cascade' }),
    productId: productId(),
    expectedQuantity: integer('expected_quantity').notNull(),
    countedQuantity: integer('counted_quantity'),
    countedAt: timestamp('counted_at', { withTimezone: true }),
    /** Set when posted: the movements while counting and the difference written. */
    movedWhileCounting: integer('moved_while_counting'),
    postedDifference: integer('posted_difference'),
  },
  (table) => [primaryKey({ columns: [table.countId, table.productId] })],
);

/**
 * The daily low-stock digest e-mailed to the owner (issue 14 item 6): one row per business per
 * local day claims that day's e-mail, so two runs or two app processes never send it twice.
 */
export const lowStockDigests = pgTable(
  'low_stock_digests',
  {
    businessId: businessId(),
    day: date('day', { mode: 'string' }).notNull(),
    productCount: integer('product_count').notNull(),
    /** Where it went; null when nothing ran low that day (nothing was sent). */
    recipient: text('recipient'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.businessId, table.day] })],
);

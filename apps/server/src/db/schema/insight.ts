import { bigint, date, index, integer, pgTable, primaryKey, smallint, text, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';

/**
 * Daily rollups of sales and refunds for the dashboard and /analytics (issue 15 item 5, decision
 * 043). `day` is the local day in the business's time zone: a sale on the day it was paid, a
 * refund on the day it was made. They are kept by statement-level triggers on orders,
 * order_lines, refunds, refund_lines and payments (additive deltas with INSERT … ON CONFLICT DO
 * UPDATE, in the writer's transaction), rebuilt for a day when a paid sale is deleted and for the
 * whole business when its time zone changes. No foreign key on product, employee or customer ids
 * (the nil uuid stands for "none"): the reports join them as the line scans do.
 */
const money = (name: string) => bigint(name, { mode: 'number' });
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });
const day = () => date('day', { mode: 'string' }).notNull();

/** Per local day and hour: sales (paid orders) at the hour of payment, refunds at the hour they were made. */
export const insightDailySales = pgTable(
  'insight_daily_sales',
  {
    businessId: businessId(),
    day: day(),
    hour: smallint('hour').notNull(),
    transactions: integer('transactions').notNull().default(0),
    soldNet: money('sold_net').notNull().default(0),
    discounts: money('discounts').notNull().default(0),
    soldTax: money('sold_tax').notNull().default(0),
    soldUnits: bigint('sold_units', { mode: 'number' }).notNull().default(0),
    refundCount: integer('refund_count').notNull().default(0),
    refundNet: money('refund_net').notNull().default(0),
    refundTax: money('refund_tax').notNull().default(0),
    refundUnits: bigint('refund_units', { mode: 'number' }).notNull().default(0),
  },
  (table) => [primaryKey({ name: 'insight_daily_sales_pk', columns: [table.businessId, table.day, table.hour] })],
);

/**
 * Per local day and product (the nil uuid and the line's name for a line without a product):
 * sold lines, and units, net and cost of sale lines less refund lines; cost from the line's
 * unit_cost; net_without_cost is the net of lines without one. `facts` counts the lines.
 */
export const insightDailyProducts = pgTable(
  'insight_daily_products',
  {
    businessId: businessId(),
    day: day(),
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    facts: integer('facts').notNull().default(0),
    soldLines: integer('sold_lines').notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    net: money('net').notNull().default(0),
    cost: money('cost').notNull().default(0),
    netWithoutCost: money('net_without_cost').notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'insight_daily_products_pk', columns: [table.businessId, table.day, table.productId, table.name] }),
    // The inventory tab's last sale day of each product.
    index('insight_daily_products_product').on(table.businessId, table.productId, table.day),
  ],
);

/** Per local day and employee (nil uuid: none): sales rung up and refunds given. */
export const insightDailyEmployees = pgTable(
  'insight_daily_employees',
  {
    businessId: businessId(),
    day: day(),
    employeeId: uuid('employee_id').notNull(),
    transactions: integer('transactions').notNull().default(0),
    net: money('net').notNull().default(0),
    refundCount: integer('refund_count').notNull().default(0),
    refunds: money('refunds').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'insight_daily_employees_pk', columns: [table.businessId, table.day, table.employeeId] })],
);

/** Per local day and payment method: money taken and given back (tax included). */
export const insightDailyPayments = pgTable(
  'insight_daily_payments',
  {
    businessId: businessId(),
    day: day(),
    method: text('method').notNull(),
    payments: integer('payments').notNull().default(0),
    refundPayments: integer('refund_payments').notNull().default(0),
    taken: money('taken').notNull().default(0),
    refunded: money('refunded').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'insight_daily_payments_pk', columns: [table.businessId, table.day, table.method] })],
);

/**
 * Per local day of payment and customer (nil uuid: no customer): orders and their net after all
 * of their refunds (whenever refunded), as the customers tab and RFM count a visit.
 */
export const insightDailyCustomers = pgTable(
  'insight_daily_customers',
  {
    businessId: businessId(),
    day: day(),
    customerId: uuid('customer_id').notNull(),
    orders: integer('orders').notNull().default(0),
    net: money('net').notNull().default(0),
  },
  (table) => [
    primaryKey({ name: 'insight_daily_customers_pk', columns: [table.businessId, table.day, table.customerId] }),
    // Each customer's first visit ever: one probe a customer (decision 054). Not partial, so range
    // scans of a period's days keep to the primary key.
    index('insight_daily_customers_customer').on(table.businessId, table.customerId, table.day),
  ],
);

/**
 * Per local month (its first day) and product: the sums of the month's insight_daily_products
 * rows, kept by a statement-level trigger on that table (decision 054), so a year of products is
 * read as 12 month rows and the days at either end instead of 365 day rows.
 */
export const insightMonthlyProducts = pgTable(
  'insight_monthly_products',
  {
    businessId: businessId(),
    month: date('month', { mode: 'string' }).notNull(),
    productId: uuid('product_id').notNull(),
    name: text('name').notNull(),
    facts: integer('facts').notNull().default(0),
    soldLines: integer('sold_lines').notNull().default(0),
    units: bigint('units', { mode: 'number' }).notNull().default(0),
    net: money('net').notNull().default(0),
    cost: money('cost').notNull().default(0),
    netWithoutCost: money('net_without_cost').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'insight_monthly_products_pk', columns: [table.businessId, table.month, table.productId, table.name] })],
);

/**
 * Per local day: insight_daily_products summed over the products (the profitability tab's margin
 * trend), kept by the same trigger (decision 054).
 */
export const insightDailyMargins = pgTable(
  'insight_daily_margins',
  {
    businessId: businessId(),
    day: day(),
    facts: integer('facts').notNull().default(0),
    net: money('net').notNull().default(0),
    cost: money('cost').notNull().default(0),
    netWithoutCost: money('net_without_cost').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'insight_daily_margins_pk', columns: [table.businessId, table.day] })],
);

/**
 * Per customer (never the nil uuid): their paid visits ever, summed from insight_daily_customers
 * by statement-level triggers on that table (decision 071): first and last day with a visit
 * (orders > 0), visit days, orders and net of those days. The customers tab reads each customer's
 * first visit here instead of probing the days, and RFM takes a customer's totals as they are when
 * all of their visits fall inside its window. A row exists while the customer has a visit day.
 */
export const insightCustomerTotals = pgTable(
  'insight_customer_totals',
  {
    businessId: businessId(),
    customerId: uuid('customer_id').notNull(),
    firstDay: date('first_day', { mode: 'string' }),
    lastDay: date('last_day', { mode: 'string' }),
    visits: integer('visits').notNull().default(0),
    orders: integer('orders').notNull().default(0),
    net: money('net').notNull().default(0),
  },
  (table) => [primaryKey({ name: 'insight_customer_totals_pk', columns: [table.businessId, table.customerId] })],
);

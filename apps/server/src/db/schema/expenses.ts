import { sql } from 'drizzle-orm';
import { bigint, boolean, check, date, foreignKey, index, pgTable, text, timestamp, unique, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { businesses } from './business.ts';
import { suppliers } from './suppliers.ts';

/**
 * Expenses (issue 12 item 4): money the business pays out, with a per-business list of
 * categories. Both tables are fenced by business_id (row-level security in their migration);
 * references to suppliers and categories carry the business, because foreign-key checks
 * ignore row-level security.
 */
const businessId = () =>
  uuid('business_id')
    .notNull()
    .references(() => businesses.id, { onDelete: 'cascade' });

export const expenseCategories = pgTable(
  'expense_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    name: text('name').notNull(),
    /** Archived categories keep their expenses but are no longer offered. */
    archivedAt: timestamp('archived_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    unique('expense_categories_business_id_id').on(table.businessId, table.id),
    uniqueIndex('expense_categories_business_name').on(table.businessId, sql`lower(${table.name})`),
  ],
);

export const expenses = pgTable(
  'expenses',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    businessId: businessId(),
    /** The payee: a supplier of the business, or free text in payee_name (exactly one of them). */
    supplierId: uuid('supplier_id'),
    payeeName: text('payee_name'),
    categoryId: uuid('category_id').notNull(),
    expenseDate: date('expense_date', { mode: 'string' }).notNull(),
    currency: text('currency').notNull(),
    /** Minor units, tax included. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    /** The part of amount that is tax. */
    taxAmount: bigint('tax_amount', { mode: 'number' }).notNull().default(0),
    paymentMethod: text('payment_method').notNull(),
    /** Paid in cash out of the till's drawer; the cash session's pay-out links to it later. */
    paidFromDrawer: boolean('paid_from_drawer').notNull().default(false),
    status: text('status').notNull(),
    dueDate: date('due_date', { mode: 'string' }),
    notes: text('notes'),
    /** The receipt's object name in the expense-receipts bucket of the files service. */
    receiptKey: text('receipt_key'),
    receiptContentType: text('receipt_content_type'),
    receiptSize: bigint('receipt_size', { mode: 'number' }),
    receiptFileName: text('receipt_file_name'),
    idempotencyKey: uuid('idempotency_key').notNull(),
    requestHash: text('request_hash').notNull(),
    createdByUserId: uuid('created_by_user_id'),
    createdByEmployeeId: uuid('created_by_employee_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('expenses_business_idempotency').on(table.businessId, table.idempotencyKey),
    index('expenses_business_date').on(table.businessId, table.expenseDate, table.id),
    index('expenses_business_category').on(table.businessId, table.categoryId),
    index('expenses_business_supplier').on(table.businessId, table.supplierId),
    foreignKey({ name: 'expenses_category_fk', columns: [table.businessId, table.categoryId], foreignColumns: [expenseCategories.businessId, expenseCategories.id] }),
    foreignKey({ name: 'expenses_supplier_fk', columns: [table.businessId, table.supplierId], foreignColumns: [suppliers.businessId, suppliers.id] }),
    check('expenses_payee', sql`(${table.supplierId} is null) <> (${table.payeeName} is null)`),
    check('expenses_amounts', sql`${table.amount} > 0 and ${table.taxAmount} >= 0 and ${table.taxAmount} <= ${table.amount}`),
    check('expenses_payment_method', sql`${table.paymentMethod} in ('cash', 'card', 'bank_transfer', 'other')`),
    check('expenses_status', sql`${table.status} in ('paid', 'unpaid')`),
    check('expenses_due_date', sql`${table.status} = 'paid' or ${table.dueDate} is not null`),
    check('expenses_drawer', sql`not ${table.paidFromDrawer} or (${table.paymentMethod} = 'cash' and ${table.status} = 'paid')`),
  ],
);

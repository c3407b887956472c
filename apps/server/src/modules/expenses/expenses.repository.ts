import { and, asc, desc, eq, gte, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { businesses, expenseCategories, expenses, suppliers } from '../../db/schema/index.ts';

export type ExpenseRow = typeof expenses.$inferSelect;
export type ExpenseCategoryRow = typeof expenseCategories.$inferSelect;

/** LIKE pattern matching `text` anywhere, with its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

export interface ExpenseFilters {
  from?: string | undefined;
  to?: string | undefined;
  categoryId?: string | undefined;
  status?: 'paid' | 'unpaid' | undefined;
  supplierId?: string | undefined;
  /** Payee name contains (any case), free text or the supplier's name. */
  payee?: string | undefined;
}

/** Keyset position: newest date first, then id. */
export interface ExpenseKeyset {
  expenseDate: string;
  id: string;
}

function whereOf(businessId: string, filters: ExpenseFilters): SQL {
  const conditions: (SQL | undefined)[] = [eq(expenses.businessId, businessId)];
  if (filters.from) conditions.push(gte(expenses.expenseDate, filters.from));
  if (filters.to) conditions.push(lte(expenses.expenseDate, filters.to));
  if (filters.categoryId) conditions.push(eq(expenses.categoryId, filters.categoryId));
  if (filters.status) conditions.push(eq(expenses.status, filters.status));
  if (filters.supplierId) conditions.push(eq(expenses.supplierId, filters.supplierId));
  const payee = filters.payee?.trim().toLowerCase();
  if (payee) {
    const pattern = containing(payee);
    conditions.push(or(sql`lower(${expenses.payeeName}) like ${pattern}`, sql`lower(${suppliers.name}) like ${pattern}`));
  }
  return and(...conditions)!;
}

/** An expense with the names a person reads: its category and, for a supplier, the supplier's name. */
const listColumns = {
  expense: expenses,
  categoryName: expenseCategories.name,
  supplierName: suppliers.name,
};

export type ExpenseWithNames = { expense: ExpenseRow; categoryName: string; supplierName: string | null };

function joined(tx: Tx) {
  return tx
    .select(listColumns)
    .from(expenses)
    .innerJoin(expenseCategories, and(eq(expenseCategories.businessId, expenses.businessId), eq(expenseCategories.id, expenses.categoryId)))
    .leftJoin(suppliers, and(eq(suppliers.businessId, expenses.businessId), eq(suppliers.id, expenses.supplierId)));
}

export const expensesRepository = {
  async currencyOf(tx: Tx, businessId: string): Promise<string> {
    const [row] = await tx.select({ currency: businesses.currency }).from(businesses).where(eq(businesses.id, businessId));
    return row?.currency ?? 'USD';
  },

  async page(tx: Tx, businessId: string, filters: ExpenseFilters, page: { limit: number; after: ExpenseKeyset | null }): Promise<ExpenseWithNames[]> {
    const after = page.after ? sql`(${expenses.expenseDate}, ${expenses.id}) < (${page.after.expenseDate}::date, ${page.after.id}::uuid)` : undefined;
    return joined(tx)
      .where(and(whereOf(businessId, filters), after))
      .orderBy(desc(expenses.expenseDate), desc(expenses.id))
      .limit(page.limit);
  },

  async findWithNames(tx: Tx, businessId: string, id: string): Promise<ExpenseWithNames | null> {
    const [row] = await joined(tx)
      .where(and(eq(expenses.businessId, businessId), eq(expenses.id, id)))
      .limit(1);
    return row ?? null;
  },

  async findForUpdate(tx: Tx, businessId: string, id: string): Promise<ExpenseRow | null> {
    const [row] = await tx
      .select()
      .from(expenses)
      .where(and(eq(expenses.businessId, businessId), eq(expenses.id, id)))
      .for('update');
    return row ?? null;
  },

  async findByIdempotencyKey(tx: Tx, businessId: string, key: string): Promise<ExpenseRow | null> {
    const [row] = await tx
      .select()
      .from(expenses)
      .where(and(eq(expenses.businessId, businessId), eq(expenses.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  },

  async insert(tx: Tx, values: typeof expenses.$inferInsert): Promise<ExpenseRow> {
    const [row] = await tx.insert(expenses).values(values).returning();
    return row!;
  },

  async update(tx: Tx, businessId: string, id: string, values: Partial<typeof expenses.$inferInsert>): Promise<ExpenseRow | null> {
    const [row] = await tx
      .update(expenses)
      .set(values)
      .where(and(eq(expenses.businessId, businessId), eq(expenses.id, id)))
      .returning();
    return row ?? null;
  },

  async remove(tx: Tx, businessId: string, id: string): Promise<void> {
    await tx.delete(expenses).where(and(eq(expenses.businessId, businessId), eq(expenses.id, id)));
  },

  /** Count, amount and tax of the matching expenses, in all, by category and by calendar month. */
  async totals(tx: Tx, businessId: string, filters: ExpenseFilters) {
    const where = whereOf(businessId, filters);
    const sums = {
      count: sql<number>`count(*)::int`.mapWith(Number),
      amount: sql<number>`coalesce(sum(${expenses.amount}), 0)::bigint`.mapWith(Number),
      taxAmount: sql<number>`coalesce(sum(${expenses.taxAmount}), 0)::bigint`.mapWith(Number),
    };
    const from = () =>
      tx
        .select({ ...sums })
        .from(expenses)
        .innerJoin(expenseCategories, and(eq(expenseCategories.businessId, expenses.businessId), eq(expenseCategories.id, expenses.categoryId)))
        .leftJoin(suppliers, and(eq(suppliers.businessId, expenses.businessId), eq(suppliers.id, expenses.supplierId)));
    const [all] = await from().where(where);
    const unpaid = await tx
      .select({ ...sums })
      .from(expenses)
      .leftJoin(suppliers, and(eq(suppliers.businessId, expenses.businessId), eq(suppliers.id, expenses.supplierId)))
      .where(and(where, eq(expenses.status, 'unpaid')));
    const month = sql<string>`to_char(${expenses.expenseDate}, 'YYYY-MM')`;
    const byCategory = await tx
      .select({ categoryId: expenseCategories.id, name: expenseCategories.name, ...sums })
      .from(expenses)
      .innerJoin(expenseCategories, and(eq(expenseCategories.businessId, expenses.businessId), eq(expenseCategories.id, expenses.categoryId)))
      .leftJoin(suppliers, and(eq(suppliers.businessId, expenses.businessId), eq(suppliers.id, expenses.supplierId)))
      .where(where)
      .groupBy(expenseCategories.id, expenseCategories.name)
      .orderBy(desc(sql`sum(${expenses.amount})`), asc(expenseCategories.name));
    const byMonth = await tx
      .select({ month, ...sums })
      .from(expenses)
      .leftJoin(suppliers, and(eq(suppliers.businessId, expenses.businessId), eq(suppliers.id, expenses.supplierId)))
      .where(where)
      .groupBy(month)
      .orderBy(desc(month));
    return {
      count: all?.count ?? 0,
      amount: all?.amount ?? 0,
      taxAmount: all?.taxAmount ?? 0,
      unpaidAmount: unpaid[0]?.amount ?? 0,
      byCategory,
      byMonth,
    };
  },

  // Categories

  async listCategories(tx: Tx, businessId: string): Promise<ExpenseCategoryRow[]> {
    return tx
      .select()
      .from(expenseCategories)
      .where(eq(expenseCategories.businessId, businessId))
      .orderBy(sql`lower(${expenseCategories.name})`, asc(expenseCategories.id));
  },

  async hasAnyCategory(tx: Tx, businessId: string): Promise<boolean> {
    const [row] = await tx.select({ id: expenseCategories.id }).from(expenseCategories).where(eq(expenseCategories.businessId, businessId)).limit(1);
    return Boolean(row);
  },

  /** Inserts the names not yet taken (any case); two first visits at once add each name once. */
  async insertCategoriesIfAbsent(tx: Tx, businessId: string, names: readonly string[]): Promise<void> {
    if (names.length === 0) return;
    await tx
      .insert(expenseCategories)
      .values(names.map((name) => ({ businessId, name })))
      .onConflictDoNothing();
  },

  async findCategory(tx: Tx, businessId: string, id: string): Promise<ExpenseCategoryRow | null> {
    const [row] = await tx
      .select()
      .from(expenseCategories)
      .where(and(eq(expenseCategories.businessId, businessId), eq(expenseCategories.id, id)))
      .limit(1);
    return row ?? null;
  },

  async findCategoryByName(tx: Tx, businessId: string, name: string, exceptId: string | null): Promise<ExpenseCategoryRow | null> {
    const [row] = await tx
      .select()
      .from(expenseCategories)
      .where(
        and(
          eq(expenseCategories.businessId, businessId),
          sql`lower(${expenseCategories.name}) = ${name.toLowerCase()}`,
          exceptId ? sql`${expenseCategories.id} <> ${exceptId}::uuid` : undefined,
        ),
      )
      .limit(1);
    return row ?? null;
  },

  async insertCategory(tx: Tx, values: typeof expenseCategories.$inferInsert): Promise<ExpenseCategoryRow> {
    const [row] = await tx.insert(expenseCategories).values(values).returning();
    return row!;
  },

  async updateCategory(tx: Tx, businessId: string, id: string, values: Partial<typeof expenseCategories.$inferInsert>): Promise<ExpenseCategoryRow | null> {
    const [row] = await tx
      .update(expenseCategories)
      .set(values)
      .where(and(eq(expenseCategories.businessId, businessId), eq(expenseCategories.id, id)))
      .returning();
    return row ?? null;
  },

  // Suppliers (read only: purchasing owns them)

  async listActiveSuppliers(tx: Tx, businessId: string) {
    return tx
      .select({ id: suppliers.id, name: suppliers.name })
      .from(suppliers)
      .where(and(eq(suppliers.businessId, businessId), eq(suppliers.isActive, true)))
      .orderBy(sql`lower(${suppliers.name})`, asc(suppliers.id))
      .limit(500);
  },

  async findSupplier(tx: Tx, businessId: string, id: string) {
    const [row] = await tx
      .select({ id: suppliers.id, name: suppliers.name, isActive: suppliers.isActive })
      .from(suppliers)
      .where(and(eq(suppliers.businessId, businessId), eq(suppliers.id, id)))
      .limit(1);
    return row ?? null;
  },
};

import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { categories } from '../../db/schema/index.ts';

export type CategoryRow = typeof categories.$inferSelect;
export type CategoryStatus = 'active' | 'archived' | 'all';

const statusFilter = (status: CategoryStatus) =>
  status === 'all' ? undefined : eq(categories.isActive, status === 'active');

/** Tenant queries on categories; each runs on the request's fenced transaction and filters by business too. */
export const categoriesRepository = {
  /** In the till's order, each with how many active products it holds. */
  async list(tx: Tx, businessId: string, status: CategoryStatus) {
    return tx
      .select({
        id: categories.id,
        name: categories.name,
        color: categories.color,
        sortOrder: categories.sortOrder,
        isActive: categories.isActive,
        // Spelled out with an alias: inside a subquery drizzle leaves columns unqualified.
        productCount: sql<number>`(
          select count(*) from products as counted
          where counted.business_id = ${categories}.business_id
            and counted.category_id = ${categories}.id
            and counted.is_active
        )`.mapWith(Number),
      })
      .from(categories)
      .where(and(eq(categories.businessId, businessId), statusFilter(status)))
      .orderBy(asc(categories.sortOrder), sql`lower(${categories.name})`, asc(categories.id));
  },

  async findById(tx: Tx, businessId: string, id: string): Promise<CategoryRow | null> {
    const [row] = await tx
      .select()
      .from(categories)
      .where(and(eq(categories.businessId, businessId), eq(categories.id, id)))
      .limit(1);
    return row ?? null;
  },

  /** Names are unique per business whatever their case ("Drinks" and "drinks" are one category). */
  async findByName(tx: Tx, businessId: string, name: string, exceptId: string | null = null): Promise<CategoryRow | null> {
    const [row] = await tx
      .select()
      .from(categories)
      .where(
        and(
          eq(categories.businessId, businessId),
          sql`lower(${categories.name}) = lower(${name})`,
          exceptId ? ne(categories.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row ?? null;
  },

  async nextSortOrder(tx: Tx, businessId: string): Promise<number> {
    const [row] = await tx
      .select({ next: sql<number>`coalesce(max(${categories.sortOrder}), -1) + 1`.mapWith(Number) })
      .from(categories)
      .where(eq(categories.businessId, businessId));
    return row?.next ?? 0;
  },

  async insert(tx: Tx, values: typeof categories.$inferInsert): Promise<CategoryRow> {
    const [row] = await tx.insert(categories).values(values).returning();
    return row!;
  },

  async update(tx: Tx, businessId: string, id: string, values: Partial<Pick<CategoryRow, 'name' | 'color' | 'sortOrder' | 'isActive'>>) {
    const [row] = await tx
      .update(categories)
      .set(values)
      .where(and(eq(categories.businessId, businessId), eq(categories.id, id)))
      .returning();
    return row ?? null;
  },

  async existingIds(tx: Tx, businessId: string, ids: string[]): Promise<Set<string>> {
    if (!ids.length) return new Set();
    const rows = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(and(eq(categories.businessId, businessId), inArray(categories.id, ids)));
    return new Set(rows.map((row) => row.id));
  },

  /** sort_order = position in `ids`, in one statement. */
  async setSortOrders(tx: Tx, businessId: string, ids: string[]): Promise<void> {
    if (!ids.length) return;
    const positions = sql.join(
      ids.map((id, index) => sql`(${id}::uuid, ${index}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${categories} set sort_order = positions.position
      from (values ${positions}) as positions(id, position)
      where ${categories.businessId} = ${businessId} and ${categories.id} = positions.id
    `);
  },
};

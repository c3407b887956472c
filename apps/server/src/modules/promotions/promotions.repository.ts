import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { businesses, categories, products, promotions } from '../../db/schema/index.ts';

export type PromotionRow = typeof promotions.$inferSelect;

/** Promotions' queries (decision 050); each runs on the request's fenced transaction. */
export const promotionsRepository = {
  async list(tx: Tx, businessId: string, onlyActive = false): Promise<PromotionRow[]> {
    return tx
      .select()
      .from(promotions)
      .where(onlyActive ? and(eq(promotions.businessId, businessId), eq(promotions.active, true)) : eq(promotions.businessId, businessId))
      .orderBy(asc(promotions.name), asc(promotions.id));
  },

  async findById(tx: Tx, businessId: string, id: string): Promise<PromotionRow | null> {
    const [row] = await tx.select().from(promotions).where(and(eq(promotions.businessId, businessId), eq(promotions.id, id))).for('update');
    return row ?? null;
  },

  async insert(tx: Tx, values: typeof promotions.$inferInsert): Promise<PromotionRow> {
    const [row] = await tx.insert(promotions).values(values).returning();
    return row!;
  },

  async update(tx: Tx, businessId: string, id: string, values: Partial<typeof promotions.$inferInsert>): Promise<PromotionRow> {
    const [row] = await tx
      .update(promotions)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(promotions.businessId, businessId), eq(promotions.id, id)))
      .returning();
    return row!;
  },

  async productExists(tx: Tx, businessId: string, id: string): Promise<boolean> {
    const [row] = await tx.select({ id: products.id }).from(products).where(and(eq(products.businessId, businessId), eq(products.id, id)));
    return Boolean(row);
  },

  async categoryExists(tx: Tx, businessId: string, id: string): Promise<boolean> {
    const [row] = await tx.select({ id: categories.id }).from(categories).where(and(eq(categories.businessId, businessId), eq(categories.id, id)));
    return Boolean(row);
  },

  /** The business's time zone, in which promotions' dates and hours are read. */
  async timeZone(tx: Tx, businessId: string): Promise<string> {
    const [row] = await tx.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
    return row?.timeZone ?? 'UTC';
  },

  /** The category of each product, for pricing a cart's lines. */
  async productCategories(tx: Tx, businessId: string, productIds: string[]): Promise<Map<string, string | null>> {
    if (productIds.length === 0) return new Map();
    const rows = await tx
      .select({ id: products.id, categoryId: products.categoryId })
      .from(products)
      .where(and(eq(products.businessId, businessId), inArray(products.id, productIds)));
    return new Map(rows.map((row) => [row.id, row.categoryId]));
  },
};

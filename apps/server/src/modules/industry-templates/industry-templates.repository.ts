import { eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { businesses, categories, diningAreas, diningTables, industryTemplates, platformAuditLog, products, workshopSettings } from '../../db/schema/index.ts';

/** The platform-wide industry templates (owner connection), and the starter rows they put into a new business (its tenant transaction). */
export const industryTemplatesRepository = {
  async list(db: Executor) {
    return db.select().from(industryTemplates);
  },

  async find(db: Executor, industry: string) {
    const [row] = await db.select().from(industryTemplates).where(eq(industryTemplates.industry, industry));
    return row ?? null;
  },

  async upsert(tx: Tx, values: typeof industryTemplates.$inferInsert) {
    await tx
      .insert(industryTemplates)
      .values(values)
      .onConflictDoUpdate({
        target: industryTemplates.industry,
        set: {
          enabledFeatures: values.enabledFeatures,
          categories: values.categories,
          products: values.products,
          currency: values.currency,
          receiptHeader: values.receiptHeader,
          receiptFooter: values.receiptFooter,
          diningAreas: values.diningAreas,
          inspectionPoints: values.inspectionPoints,
          updatedByUserId: values.updatedByUserId,
          updatedAt: values.updatedAt,
        },
      });
  },

  async insertAudit(tx: Tx, values: typeof platformAuditLog.$inferInsert) {
    await tx.insert(platformAuditLog).values(values);
  },

  async insertCategories(tx: Tx, values: (typeof categories.$inferInsert)[]) {
    if (values.length === 0) return [];
    // The template's names are distinct by JavaScript's lower case; should PostgreSQL's lower() fold two
    // together after all, the second is skipped rather than failing the sign-up.
    return tx.insert(categories).values(values).onConflictDoNothing().returning({ id: categories.id, name: categories.name });
  },

  async insertProducts(tx: Tx, values: (typeof products.$inferInsert)[]) {
    if (values.length === 0) return;
    await tx.insert(products).values(values);
  },

  async businessCurrency(tx: Tx, businessId: string) {
    const [row] = await tx.select({ currency: businesses.currency }).from(businesses).where(eq(businesses.id, businessId));
    return row?.currency ?? 'USD';
  },

  async setReceiptTexts(tx: Tx, businessId: string, texts: { receiptHeader: string | null; receiptFooter: string | null }) {
    await tx.update(businesses).set(texts).where(eq(businesses.id, businessId));
  },

  async insertArea(tx: Tx, values: typeof diningAreas.$inferInsert) {
    const [row] = await tx.insert(diningAreas).values(values).returning({ id: diningAreas.id });
    return row!;
  },

  async insertTables(tx: Tx, values: (typeof diningTables.$inferInsert)[]) {
    if (values.length === 0) return;
    await tx.insert(diningTables).values(values);
  },

  async insertWorkshopSettings(tx: Tx, values: typeof workshopSettings.$inferInsert) {
    await tx.insert(workshopSettings).values(values).onConflictDoNothing();
  },
};

import { eq } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { businesses, platformAuditLog, platformBranding } from '../../db/schema/index.ts';

/** The platform's look (one row, owner connection) and a business's own (its tenant transaction). */
export const brandingRepository = {
  async findPlatform(db: Executor) {
    const [row] = await db.select().from(platformBranding).where(eq(platformBranding.id, 1));
    return row ?? null;
  },

  async savePlatform(tx: Tx, values: Omit<typeof platformBranding.$inferInsert, 'id'>) {
    await tx
      .insert(platformBranding)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: platformBranding.id, set: values });
  },

  async insertAudit(tx: Tx, values: typeof platformAuditLog.$inferInsert) {
    await tx.insert(platformAuditLog).values(values);
  },

  async findBusiness(tx: Tx, businessId: string) {
    const [row] = await tx
      .select({ brandColor: businesses.brandColor, receiptHeader: businesses.receiptHeader, receiptFooter: businesses.receiptFooter })
      .from(businesses)
      .where(eq(businesses.id, businessId));
    return row ?? null;
  },

  async updateBusiness(tx: Tx, businessId: string, values: Pick<typeof businesses.$inferInsert, 'brandColor' | 'receiptHeader' | 'receiptFooter'>) {
    await tx.update(businesses).set(values).where(eq(businesses.id, businessId));
  },
};

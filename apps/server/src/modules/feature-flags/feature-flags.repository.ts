import { inArray } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { businesses, featureFlags, platformAuditLog } from '../../db/schema/index.ts';

/** The platform-wide feature switches: outside any tenant, read and written on the owner connection. */
export const featureFlagsRepository = {
  async list(db: Executor) {
    return db.select().from(featureFlags);
  },

  async upsert(tx: Tx, values: typeof featureFlags.$inferInsert) {
    await tx
      .insert(featureFlags)
      .values(values)
      .onConflictDoUpdate({ target: featureFlags.feature, set: { mode: values.mode, businessIds: values.businessIds, updatedByUserId: values.updatedByUserId, updatedAt: values.updatedAt } });
  },

  async existingBusinessIds(db: Executor, ids: readonly string[]): Promise<string[]> {
    if (ids.length === 0) return [];
    const rows = await db.select({ id: businesses.id }).from(businesses).where(inArray(businesses.id, [...ids]));
    return rows.map((row) => row.id);
  },

  async businessNames(db: Executor, ids: readonly string[]) {
    if (ids.length === 0) return [];
    return db.select({ id: businesses.id, name: businesses.name }).from(businesses).where(inArray(businesses.id, [...ids]));
  },

  async insertAudit(tx: Tx, values: typeof platformAuditLog.$inferInsert) {
    await tx.insert(platformAuditLog).values(values);
  },
};

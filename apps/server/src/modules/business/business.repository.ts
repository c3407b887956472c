import { and, eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, businessSettings, businesses, employees, profiles } from '../../db/schema/index.ts';

/**
 * Tenant queries: each takes the request's fenced transaction. They filter by business as well,
 * although row-level security would hide other businesses' rows anyway (defence in depth).
 */
export const businessRepository = {
  async findBusiness(tx: Tx, businessId: string) {
    const [row] = await tx.select().from(businesses).where(eq(businesses.id, businessId)).limit(1);
    return row ?? null;
  },

  async findSettings(tx: Tx, businessId: string) {
    const [row] = await tx.select().from(businessSettings).where(eq(businessSettings.businessId, businessId)).limit(1);
    return row ?? null;
  },

  async findProfileOfUser(tx: Tx, userId: string) {
    const [row] = await tx.select().from(profiles).where(eq(profiles.userId, userId)).limit(1);
    return row ?? null;
  },

  /** Inserts unless a row exists (two tabs signing in at once create one row). */
  async insertSettingsIfMissing(tx: Tx, values: typeof businessSettings.$inferInsert): Promise<void> {
    await tx.insert(businessSettings).values(values).onConflictDoNothing({ target: businessSettings.businessId });
  },

  async markHasBusinessOwner(tx: Tx, businessId: string): Promise<void> {
    await tx
      .update(businessSettings)
      .set({ hasBusinessOwner: true, updatedAt: new Date() })
      .where(eq(businessSettings.businessId, businessId));
  },

  async findActiveOwnerEmployee(tx: Tx, businessId: string) {
    const [row] = await tx
      .select({ id: employees.id })
      .from(employees)
      .where(and(eq(employees.businessId, businessId), eq(employees.role, 'business_owner'), eq(employees.isActive, true)))
      .limit(1);
    return row ?? null;
  },

  async insertEmployee(tx: Tx, values: typeof employees.$inferInsert) {
    const [row] = await tx.insert(employees).values(values).returning();
    if (!row) throw new Error('employee insert returned no row');
    return row;
  },

  async updateSettings(tx: Tx, businessId: string, values: Partial<typeof businessSettings.$inferInsert>): Promise<void> {
    await tx
      .update(businessSettings)
      .set({ ...values, updatedAt: new Date() })
      .where(eq(businessSettings.businessId, businessId));
  },

  async updateBusiness(tx: Tx, businessId: string, values: Partial<Pick<typeof businesses.$inferInsert, 'name' | 'currency' | 'timeZone'>>) {
    if (Object.keys(values).length === 0) return;
    await tx.update(businesses).set(values).where(eq(businesses.id, businessId));
  },

  async updateProfileIndustry(tx: Tx, userId: string, industry: 'retail' | 'restaurant' | 'mechanics'): Promise<void> {
    await tx.update(profiles).set({ industry }).where(eq(profiles.userId, userId));
  },

  async insertAudit(tx: Tx, values: typeof auditLog.$inferInsert): Promise<void> {
    await tx.insert(auditLog).values(values);
  },
};

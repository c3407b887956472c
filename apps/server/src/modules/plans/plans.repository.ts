import { and, asc, count, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Executor, Tx } from '../../db/client.ts';
import { businessSubscriptions, businesses, employees, platformAuditLog, products, registers, stores, subscriptionPlans } from '../../db/schema/index.ts';
import type { PlanLimitResource } from '@till/core';

export type PlanRow = typeof subscriptionPlans.$inferSelect;

/**
 * Subscription plans and who is on which. Plans are a platform table (super admin writes on the
 * owner connection); a business's plan and its counts are read inside its own transaction.
 */
export const plansRepository = {
  async list(db: Executor, options: { activeOnly: boolean }) {
    return db
      .select()
      .from(subscriptionPlans)
      .where(options.activeOnly ? eq(subscriptionPlans.isActive, true) : undefined)
      .orderBy(asc(subscriptionPlans.sortOrder), asc(subscriptionPlans.monthlyPrice), asc(subscriptionPlans.name));
  },

  async find(db: Executor, id: string) {
    const [row] = await db.select().from(subscriptionPlans).where(eq(subscriptionPlans.id, id)).limit(1);
    return row ?? null;
  },

  async findByName(db: Executor, name: string) {
    const [row] = await db.select({ id: subscriptionPlans.id }).from(subscriptionPlans).where(sql`lower(${subscriptionPlans.name}) = lower(${name})`).limit(1);
    return row ?? null;
  },

  async insert(tx: Tx, values: typeof subscriptionPlans.$inferInsert) {
    const [row] = await tx.insert(subscriptionPlans).values(values).returning();
    return row!;
  },

  async update(tx: Tx, id: string, values: Partial<typeof subscriptionPlans.$inferInsert>) {
    const [row] = await tx.update(subscriptionPlans).set(values).where(eq(subscriptionPlans.id, id)).returning();
    return row ?? null;
  },

  async clearDefault(tx: Tx) {
    await tx.update(subscriptionPlans).set({ isDefault: false }).where(eq(subscriptionPlans.isDefault, true));
  },

  async remove(tx: Tx, id: string) {
    await tx.delete(subscriptionPlans).where(eq(subscriptionPlans.id, id));
  },

  /** Businesses put on each plan by the super admin (the default plan's count excludes the rest). */
  async assignedCounts(db: Executor) {
    return db.select({ planId: businessSubscriptions.planId, businesses: count() }).from(businessSubscriptions).groupBy(businessSubscriptions.planId);
  },

  /** The plan a business is on: the one assigned to it, else the default plan. */
  async planOfBusiness(tx: Executor, businessId: string): Promise<PlanRow | null> {
    const [assigned] = await tx
      .select({ plan: subscriptionPlans })
      .from(businessSubscriptions)
      .innerJoin(subscriptionPlans, eq(subscriptionPlans.id, businessSubscriptions.planId))
      .where(eq(businessSubscriptions.businessId, businessId))
      .limit(1);
    if (assigned) return assigned.plan;
    const [fallback] = await tx.select().from(subscriptionPlans).where(eq(subscriptionPlans.isDefault, true)).limit(1);
    return fallback ?? null;
  },

  /** One writer at a time per business for limit checks, so two requests cannot both take the last place. */
  async lockBusinessLimits(tx: Tx, businessId: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`plan_limits:${businessId}`}))`);
  },

  async countOf(tx: Executor, businessId: string, resource: PlanLimitResource): Promise<number> {
    const one = async (query: Promise<{ n: number }[]>) => Number((await query)[0]?.n ?? 0);
    switch (resource) {
      case 'employees':
        return one(tx.select({ n: count() }).from(employees).where(and(eq(employees.businessId, businessId), eq(employees.isActive, true), ne(employees.role, 'business_owner'))));
      case 'products':
        return one(tx.select({ n: count() }).from(products).where(and(eq(products.businessId, businessId), eq(products.isActive, true))));
      case 'registers':
        return one(tx.select({ n: count() }).from(registers).where(and(eq(registers.businessId, businessId), eq(registers.isActive, true), isNotNull(registers.credentialHash))));
      case 'stores':
        return one(tx.select({ n: count() }).from(stores).where(and(eq(stores.businessId, businessId), eq(stores.isActive, true))));
    }
  },

  async listBusinesses(db: Executor) {
    return db
      .select({ id: businesses.id, name: businesses.name, createdAt: businesses.createdAt, planId: businessSubscriptions.planId })
      .from(businesses)
      .leftJoin(businessSubscriptions, eq(businessSubscriptions.businessId, businesses.id))
      .orderBy(asc(businesses.name), asc(businesses.id));
  },

  async businessExists(db: Executor, id: string) {
    const [row] = await db.select({ id: businesses.id, name: businesses.name }).from(businesses).where(eq(businesses.id, id)).limit(1);
    return row ?? null;
  },

  async assign(tx: Tx, values: typeof businessSubscriptions.$inferInsert) {
    await tx
      .insert(businessSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: businessSubscriptions.businessId, set: { planId: values.planId, assignedByUserId: values.assignedByUserId, assignedAt: values.assignedAt } });
  },

  async insertAudit(tx: Tx, values: typeof platformAuditLog.$inferInsert) {
    await tx.insert(platformAuditLog).values(values);
  },
};

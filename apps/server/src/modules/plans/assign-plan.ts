import type { Database } from '../../db/client.ts';
import { notFound } from '../../lib/app-error.ts';
import { plansRepository } from './plans.repository.ts';

/** The businesses on the platform and the plan each is on (super admin). */
export async function listBusinessPlans(database: Database) {
  const [rows, plans] = await Promise.all([plansRepository.listBusinesses(database.db), plansRepository.list(database.db, { activeOnly: false })]);
  const fallback = plans.find((plan) => plan.isDefault) ?? null;
  const byId = new Map(plans.map((plan) => [plan.id, plan]));
  return rows.map((row) => {
    const plan = (row.planId ? byId.get(row.planId) : fallback) ?? null;
    return { id: row.id, name: row.name, created_at: row.createdAt.toISOString(), plan: plan ? { id: plan.id, name: plan.name } : null, on_default_plan: row.planId === null };
  });
}

/**
 * The super admin puts a business on a plan (no payment provider: the platform's own record).
 * Audited. Limits apply to what is added from now on; nothing the business has is removed.
 */
export async function assignPlan(database: Database, actorUserId: string, businessId: string, planId: string, now: Date) {
  const found = await plansRepository.businessExists(database.db, businessId);
  if (!found) throw notFound('business_not_found', 'No business has this id');
  const plan = await plansRepository.find(database.db, planId);
  if (!plan) throw notFound('plan_not_found', 'No plan has this id');
  await database.db.transaction(async (tx) => {
    await plansRepository.assign(tx, { businessId, planId, assignedByUserId: actorUserId, assignedAt: now });
    await plansRepository.insertAudit(tx, { actorUserId, action: 'plan.assigned', details: { business_id: businessId, business_name: found.name, plan_id: planId, plan_name: plan.name } });
  });
  return (await listBusinessPlans(database)).find((row) => row.id === businessId)!;
}

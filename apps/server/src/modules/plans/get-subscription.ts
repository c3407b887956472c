import { PLAN_LIMIT_RESOURCES, type PlanLimitResource } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { toPlanSummary } from './plan-view.ts';
import { plansRepository } from './plans.repository.ts';

/** The business's plan and what it uses against each limit (the settings card). */
export async function getSubscription(database: Database, tenant: TenantContext) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const plan = await plansRepository.planOfBusiness(tx, tenant.businessId);
    // One query at a time on the transaction's one connection.
    const counts: number[] = [];
    for (const resource of PLAN_LIMIT_RESOURCES) counts.push(await plansRepository.countOf(tx, tenant.businessId, resource));
    const usage = Object.fromEntries(PLAN_LIMIT_RESOURCES.map((resource, index) => [resource, counts[index]!])) as Record<PlanLimitResource, number>;
    return { plan: plan ? toPlanSummary(plan) : null, usage };
  });
}

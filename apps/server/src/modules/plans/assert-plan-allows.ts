import { checkPlanLimit, type PlanLimitResource } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { limitsOf } from './plan-view.ts';
import { plansRepository } from './plans.repository.ts';

/**
 * Called by the use-cases that add employees, products and tills, inside their business
 * transaction, before they write: refuses (403 plan_limit_reached, with the upgrade hint) when
 * `adding` more would go over the business's plan. Takes a per-business lock first, so two
 * requests cannot both take the last place.
 */
export async function assertPlanAllows(tx: Tx, businessId: string, resource: PlanLimitResource, adding = 1): Promise<void> {
  if (adding <= 0) return;
  const plan = await plansRepository.planOfBusiness(tx, businessId);
  if (!plan) return;
  const limits = limitsOf(plan);
  if (limits[resource] === null) return;
  await plansRepository.lockBusinessLimits(tx, businessId);
  const current = await plansRepository.countOf(tx, businessId, resource);
  const decision = checkPlanLimit({ name: plan.name, limits }, resource, current, adding);
  if (!decision.allowed) {
    throw new AppError(403, decision.code, decision.message, { resource, limit: decision.limit, plan: plan.name, in_use: current });
  }
}

/**
 * How many more of `resource` the business's plan lets it have (null: no limit), for writes that
 * fit themselves to the plan rather than fail: the starter products of an industry template at
 * sign-up (decision 065). Takes the same per-business lock as `assertPlanAllows`.
 */
export async function planRoom(tx: Tx, businessId: string, resource: PlanLimitResource): Promise<number | null> {
  const plan = await plansRepository.planOfBusiness(tx, businessId);
  if (!plan) return null;
  const limit = limitsOf(plan)[resource];
  if (limit === null) return null;
  await plansRepository.lockBusinessLimits(tx, businessId);
  return Math.max(0, limit - (await plansRepository.countOf(tx, businessId, resource)));
}

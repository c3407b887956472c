import { evaluateApiAccess, type ApiRequirement } from '@till/core';
import { AppError } from './app-error.ts';
import type { TenantContext } from './context.ts';

/**
 * The SPEC §6 check a use-case makes itself, beside its route's: a rule that depends on the
 * request (a discount, a price override, a split payment) or that must hold whoever calls the
 * use-case. 403 with the same codes as the route check.
 */
export function requireAccess(tenant: TenantContext, requirement: ApiRequirement): void {
  const decision = evaluateApiAccess(tenant.actor, requirement, tenant.features);
  if (!decision.allowed) throw new AppError(403, decision.code, decision.message);
}

import { evaluateApiAccess, type ApiRequirement } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';

/** For rules that depend on the body (a PATCH that changes the price needs can_change_prices). */
export function requireAccess(tenant: TenantContext, requirement: ApiRequirement): void {
  const decision = evaluateApiAccess(tenant.actor, requirement, tenant.features);
  if (!decision.allowed) throw new AppError(403, decision.code, decision.message);
}

export const actorOf = (tenant: TenantContext) => ({
  actorUserId: tenant.userId,
  actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
});

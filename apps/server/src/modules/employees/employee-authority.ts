import {
  ADMIN_PERMISSION_FLAGS,
  normalizeAdminPermissions,
  resolveAdminPermissions,
  type Actor,
  type AdminPermissions,
  type EmployeeRole,
} from '@till/core';
import { forbidden } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';

export const actorRole = (actor: Actor): EmployeeRole => (actor.kind === 'owner' ? 'business_owner' : actor.role);

const actorAdminPermissions = (actor: Actor): AdminPermissions =>
  resolveAdminPermissions(actorRole(actor), actor.kind === 'employee' ? actor.adminPermissions : null);

/** Who to name in audit_log: the account, and the employee when one is signed in. */
export function auditActor(tenant: TenantContext) {
  return { actorUserId: tenant.userId, actorEmployeeId: tenant.employeeSession?.employeeId ?? null };
}

/**
 * Least privilege between employees: whoever may add employees could otherwise set the PIN of
 * the owner or of a stronger admin and sign in as them. So a non-owner manages only employees
 * whose admin flags are all among their own, and never the business_owner row.
 */
export function assertMayManage(actor: Actor, target: { role: EmployeeRole; adminPermissions: unknown }): void {
  if (actorRole(actor) === 'business_owner') return;
  if (target.role === 'business_owner') throw forbidden('forbidden', 'Only the business owner can change the business owner');
  if (target.role !== 'admin') return;
  const own = actorAdminPermissions(actor);
  const theirs = normalizeAdminPermissions(target.adminPermissions);
  if (ADMIN_PERMISSION_FLAGS.some((flag) => theirs[flag] && !own[flag])) {
    throw forbidden('forbidden', 'This admin holds permissions you do not have, so you cannot change them');
  }
}

/** Nobody but the owner hands out an admin permission they do not hold themselves. */
export function assertMayGrant(actor: Actor, before: AdminPermissions | null, after: AdminPermissions | null): void {
  if (!after || actorRole(actor) === 'business_owner') return;
  const own = actorAdminPermissions(actor);
  const granted = ADMIN_PERMISSION_FLAGS.filter((flag) => after[flag] && !before?.[flag]);
  const notHeld = granted.filter((flag) => !own[flag]);
  if (notHeld.length > 0) {
    throw forbidden('forbidden', `You cannot grant permissions you do not hold: ${notHeld.join(', ')}`);
  }
}

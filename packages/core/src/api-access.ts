import type { EnabledFeatures, FeatureName } from './features.ts';
import {
  canAccessEmployeeFeature,
  canAccessPage,
  normalizeEmployeePermissions,
  resolveAdminPermissions,
  type AdminPermissionFlag,
  type EmployeeFeature,
  type EmployeeRole,
  type PageKey,
} from './permissions.ts';

/**
 * Who is acting on a business: the owner's account itself (role business_owner, SPEC §6: all
 * permissions), or an employee signed in with a PIN, with their stored flags.
 */
export type Actor =
  | { kind: 'owner' }
  | { kind: 'employee'; role: EmployeeRole; permissions: unknown; adminPermissions: unknown };

/** What an API route needs beyond a signed-in business (SPEC §3 features, SPEC §6 rules). */
export interface ApiRequirement {
  /** The business must have this feature switched on. */
  feature?: FeatureName;
  /** SPEC §6 page access: employees, reports, analytics, settings. */
  page?: PageKey;
  /** SPEC §6 employee feature access: pos, kitchen, reports, inventory, refunds, discounts. */
  employeeFeature?: EmployeeFeature;
  /** One admin permission flag (e.g. can_add_products). */
  adminPermission?: AdminPermissionFlag;
  /** Only the owner's account, never an employee session (e.g. business set-up). */
  ownerOnly?: boolean;
}

export type ApiAccessDecision =
  | { allowed: true }
  | { allowed: false; code: 'feature_disabled' | 'forbidden'; message: string };

const roleOf = (actor: Actor): EmployeeRole => (actor.kind === 'owner' ? 'business_owner' : actor.role);

export function evaluateApiAccess(actor: Actor, requirement: ApiRequirement, features: EnabledFeatures): ApiAccessDecision {
  if (requirement.feature && !features[requirement.feature]) {
    return { allowed: false, code: 'feature_disabled', message: `The ${requirement.feature} feature is switched off for this business` };
  }
  if (requirement.ownerOnly && actor.kind !== 'owner') {
    return { allowed: false, code: 'forbidden', message: 'Only the business owner can do this' };
  }
  const role = roleOf(actor);
  const adminPermissions = resolveAdminPermissions(role, actor.kind === 'employee' ? actor.adminPermissions : null);
  if (requirement.page && !canAccessPage(adminPermissions, requirement.page)) {
    return { allowed: false, code: 'forbidden', message: `Your role may not open ${requirement.page}` };
  }
  if (requirement.adminPermission && !adminPermissions[requirement.adminPermission]) {
    return { allowed: false, code: 'forbidden', message: `This needs the ${requirement.adminPermission} permission` };
  }
  if (requirement.employeeFeature) {
    const permissions = normalizeEmployeePermissions(actor.kind === 'employee' ? actor.permissions : null);
    if (!canAccessEmployeeFeature(role, permissions, requirement.employeeFeature)) {
      return { allowed: false, code: 'forbidden', message: `Your role may not use ${requirement.employeeFeature}` };
    }
  }
  return { allowed: true };
}

/**
 * Cost prices are business secrets: the owner, admins and managers see them, a cashier or
 * kitchen employee only with can_manage_inventory (SPEC §6 inventory access; issue 9 item 14).
 */
export function canSeeCosts(actor: Actor): boolean {
  if (actor.kind === 'owner') return true;
  return canAccessEmployeeFeature(actor.role, normalizeEmployeePermissions(actor.permissions), 'inventory');
}

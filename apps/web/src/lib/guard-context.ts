import {
  isEmployeeRole,
  resolveAdminPermissions,
  type AdminPermissions,
  type EmployeeSession,
  type RouteGuardContext,
} from '@till/core';
import type { StoredEmployeeSession } from '@/lib/employee-session';
import type { Me } from '@/lib/me';

/**
 * Who is acting, as SPEC §6 sees it: an employee signed in on this browser acts with their
 * role; otherwise the owner's account acts as business_owner; any other account holds nothing.
 */
export function actorAdminPermissions(
  me: Me | undefined,
  employeeSession: (EmployeeSession & Pick<Partial<StoredEmployeeSession>, 'admin_permissions'>) | null,
): AdminPermissions {
  if (employeeSession) {
    // SPEC §3's session fields carry no admin flags: an admin's stored flags count when the
    // server sent them with the session, and otherwise an admin holds none (SPEC §6).
    const stored = employeeSession.admin_permissions ?? null;
    return resolveAdminPermissions(isEmployeeRole(employeeSession.employee_role) ? employeeSession.employee_role : null, stored);
  }
  return resolveAdminPermissions(me?.is_business_owner ? 'business_owner' : null, null);
}

export interface GuardInputs {
  me: Me | undefined;
  /** /api/me has no answer yet (neither fresh nor cached). */
  meLoading: boolean;
  /** The answer of GET /api/super-admin/status; null while it has not answered. */
  superAdminStatus: boolean | null;
  employeeSession: (EmployeeSession & Pick<Partial<StoredEmployeeSession>, 'admin_permissions'>) | null;
}

/** The context evaluateRouteGuard needs, built from what the web app has loaded. */
export function buildGuardContext({ me, meLoading, superAdminStatus, employeeSession }: GuardInputs): RouteGuardContext {
  return {
    loading: meLoading || !me,
    // A paired till stands where an account would: the guard then wants an employee session.
    user: me?.user ? { id: me.user.id } : me?.till ? { id: me.till.id } : null,
    isBusinessOwner: me?.is_business_owner === true,
    settings: me?.settings ?? null,
    employeeSession: employeeSession ? { employee_role: employeeSession.employee_role } : null,
    isSuperAdmin: superAdminStatus,
    adminPermissions: actorAdminPermissions(me, employeeSession),
  };
}

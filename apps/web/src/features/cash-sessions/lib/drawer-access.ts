import { canAccessEmployeeFeature, isEmployeeRole } from '@till/core';
import type { StoredEmployeeSession } from '@/lib/employee-session';
import { actorAdminPermissions } from '@/lib/guard-context';
import type { Me } from '@/lib/me';

/** What the person here may do with drawers (SPEC §6); the server checks each again. */
export interface DrawerAccess {
  /** cash_management is on for the business. */
  enabled: boolean;
  /** Every register's reports and the Z list (page key reports: can_view_reports). */
  viewAllReports: boolean;
  /** Close any session (employee feature reports: can_access_reports). */
  closeAny: boolean;
  /** The employee acting, if any (a cashier may close the session they opened when allowed). */
  employeeId: string | null;
  /** This browser is a paired till (it handles its own drawer only). */
  isTill: boolean;
}

export function drawerAccess(me: Me | undefined, employeeSession: StoredEmployeeSession | null): DrawerAccess {
  const role = employeeSession && isEmployeeRole(employeeSession.employee_role) ? employeeSession.employee_role : null;
  return {
    enabled: me?.settings?.enabled_features.cash_management === true,
    viewAllReports: actorAdminPermissions(me, employeeSession).can_view_reports,
    closeAny: employeeSession ? canAccessEmployeeFeature(role, employeeSession.permissions, 'reports') : me?.is_business_owner === true,
    employeeId: employeeSession?.employee_id ?? null,
    isTill: Boolean(me?.till),
  };
}

import {
  isEmployeeSessionExpired,
  normalizeEmployeePermissions,
  resolveAdminPermissions,
  type AdminPermissions,
  type EmployeePermissions,
  type EmployeeRole,
} from '@till/core';

/** SPEC §3 "Employee session (held in the browser)". */
export interface EmployeeSessionView {
  employee_id: string;
  employee_name: string;
  employee_role: EmployeeRole;
  permissions: EmployeePermissions;
  login_time: string;
  /**
   * Beyond SPEC §3's fields: the admin flags as SPEC §6 resolves them for this role (all for a
   * business_owner row, the stored ones for an admin, none otherwise), so the till can mirror
   * page access for admins. The server checks them again on every request.
   */
  admin_permissions: AdminPermissions;
}

export interface SessionWithEmployee {
  sessionId: string;
  isActive: boolean;
  createdAt: Date;
  /** The paired till the session was opened on (null for sessions from before tills were paired). */
  registerId?: string | null;
  employeeId: string;
  employeeName: string;
  employeeActive: boolean;
  role: EmployeeRole;
  permissions: unknown;
  adminPermissions: unknown;
  /** The business owner's own row, and the platform has banned their account now (decision 074): its sessions stop. */
  accountBanned: boolean;
}

/**
 * A session counts while its row is active, its employee is active, and it is not more than
 * 8 hours old (SPEC §4, §9; exactly 8 hours still counts).
 */
export function isSessionLive(row: SessionWithEmployee, now: Date): boolean {
  return row.isActive && row.employeeActive && !row.accountBanned && !isEmployeeSessionExpired({ login_time: row.createdAt.toISOString() }, now);
}

export function toEmployeeSessionView(row: SessionWithEmployee): EmployeeSessionView {
  return {
    employee_id: row.employeeId,
    employee_name: row.employeeName,
    employee_role: row.role,
    permissions: normalizeEmployeePermissions(row.permissions),
    login_time: row.createdAt.toISOString(),
    admin_permissions: resolveAdminPermissions(row.role, row.adminPermissions),
  };
}

import { isEmployeeSessionExpired, normalizeEmployeePermissions, type EmployeePermissions, type EmployeeRole } from '@till/core';

/** SPEC §3 "Employee session (held in the browser)". */
export interface EmployeeSessionView {
  employee_id: string;
  employee_name: string;
  employee_role: EmployeeRole;
  permissions: EmployeePermissions;
  login_time: string;
}

export interface SessionWithEmployee {
  sessionId: string;
  isActive: boolean;
  createdAt: Date;
  employeeId: string;
  employeeName: string;
  employeeActive: boolean;
  role: EmployeeRole;
  permissions: unknown;
  adminPermissions: unknown;
}

/**
 * A session counts while its row is active, its employee is active, and it is not more than
 * 8 hours old (SPEC §4, §9; exactly 8 hours still counts).
 */
export function isSessionLive(row: SessionWithEmployee, now: Date): boolean {
  return row.isActive && row.employeeActive && !isEmployeeSessionExpired({ login_time: row.createdAt.toISOString() }, now);
}

export function toEmployeeSessionView(row: SessionWithEmployee): EmployeeSessionView {
  return {
    employee_id: row.employeeId,
    employee_name: row.employeeName,
    employee_role: row.role,
    permissions: normalizeEmployeePermissions(row.permissions),
    login_time: row.createdAt.toISOString(),
  };
}

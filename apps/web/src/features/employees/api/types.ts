import type { AdminPermissions, EmployeePermissions, EmployeeRole } from '@till/core';

/** An employee as the server shows it: never the PIN, only whether there is one. */
export interface Employee {
  id: string;
  full_name: string;
  email: string | null;
  role: EmployeeRole;
  is_active: boolean;
  permissions: EmployeePermissions;
  /** An admin's stored flags; null for every other role. */
  admin_permissions: AdminPermissions | null;
  has_pin: boolean;
  /** Set while a one-time setup code is waiting to be used. */
  setup_code_expires_at: string | null;
  pin_locked_until: string | null;
  created_at: string;
}

/** Shown once, when it is issued: the server keeps only a hash. */
export interface SetupCode {
  code: string;
  expires_at: string;
}

export const employeesQueryKey = ['employees'] as const;

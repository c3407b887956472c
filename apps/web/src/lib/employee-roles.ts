import type { EmployeeRole } from '@till/core';

/** How SPEC §3's roles read on screen. */
export const EMPLOYEE_ROLE_LABELS: Record<EmployeeRole, string> = {
  business_owner: 'Business owner',
  admin: 'Admin',
  manager: 'Manager',
  cashier: 'Cashier',
  kitchen: 'Kitchen',
};

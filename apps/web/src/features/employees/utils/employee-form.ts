import {
  PIN_PATTERN,
  PIN_TOO_SHORT_MESSAGE,
  isPinLongEnough,
  ADMIN_PERMISSION_FLAGS,
  allAdminPermissions,
  allEmployeePermissions,
  EMPLOYEE_PERMISSION_FLAGS,
  EMPLOYEE_ROLES,
  type AdminPermissionFlag,
  type EmployeePermissionFlag,
} from '@till/core';
import { z } from 'zod';
import type { CreateEmployeeInput } from '../api/create-employee';
import type { UpdateEmployeePatch } from '../api/update-employee';
import type { Employee } from '../api/types';

/** The roles the server lets anyone give; business_owner is the one assigned at setup. */
export const ASSIGNABLE_ROLES = ['admin', 'manager', 'cashier', 'kitchen'] as const;
export type AssignableRole = (typeof ASSIGNABLE_ROLES)[number];

export const EMPLOYEE_PERMISSION_LABELS: Record<EmployeePermissionFlag, string> = {
  can_access_reports: 'Access reports',
  can_apply_discounts: 'Apply discounts',
  can_process_refunds: 'Process refunds',
  can_manage_inventory: 'Manage inventory',
  can_manage_employees: 'Manage employees',
  can_access_settings: 'Access settings',
};

export const ADMIN_PERMISSION_LABELS: Record<AdminPermissionFlag, string> = {
  can_kick_employees: 'Deactivate employees',
  can_add_employees: 'Add and edit employees',
  can_view_reports: 'View reports',
  can_change_settings: 'Change settings',
  can_add_categories: 'Add categories',
  can_add_products: 'Add products',
  can_change_prices: 'Change prices',
  can_make_orders: 'Make orders',
  can_edit_product_details: 'Edit product details',
};

const flags = <F extends string>(names: readonly F[]) =>
  z.object(Object.fromEntries(names.map((name) => [name, z.boolean()])) as Record<F, z.ZodBoolean>);

export const employeeForm = z.object({
  fullName: z.string().trim().min(1, 'Enter the employee’s name').max(200, 'Use at most 200 characters'),
  email: z
    .string()
    .trim()
    .max(254, 'Use at most 254 characters')
    .refine((value) => value === '' || z.email().safeParse(value).success, 'Enter an email address, or leave it empty'),
  role: z.enum(EMPLOYEE_ROLES),
  permissions: flags(EMPLOYEE_PERMISSION_FLAGS),
  adminPermissions: flags(ADMIN_PERMISSION_FLAGS),
  pin: z.string().refine((value) => value === '' || PIN_PATTERN.test(value), 'A PIN is 4 to 6 digits'),
}).refine((values) => values.pin === '' || isPinLongEnough(values.role, values.pin), { path: ['pin'], message: PIN_TOO_SHORT_MESSAGE });
export type EmployeeFormValues = z.infer<typeof employeeForm>;

export function emptyEmployeeForm(): EmployeeFormValues {
  return {
    fullName: '',
    email: '',
    role: 'cashier',
    permissions: allEmployeePermissions(false),
    adminPermissions: allAdminPermissions(false),
    pin: '',
  };
}

export function employeeFormValues(employee: Employee): EmployeeFormValues {
  return {
    fullName: employee.full_name,
    email: employee.email ?? '',
    role: employee.role,
    permissions: { ...employee.permissions },
    adminPermissions: { ...(employee.admin_permissions ?? allAdminPermissions(false)) },
    pin: '',
  };
}

const isAssignable = (role: string): role is AssignableRole => (ASSIGNABLE_ROLES as readonly string[]).includes(role);

/** POST body: admin flags only for an admin, the PIN only when one was typed. */
export function toCreateInput(values: EmployeeFormValues): CreateEmployeeInput {
  const role = isAssignable(values.role) ? values.role : 'cashier';
  return {
    fullName: values.fullName.trim(),
    email: values.email.trim() === '' ? null : values.email.trim(),
    role,
    permissions: values.permissions,
    ...(role === 'admin' ? { adminPermissions: values.adminPermissions } : {}),
    ...(values.pin ? { pin: values.pin } : {}),
  };
}

function changedFlags<F extends string>(names: readonly F[], before: Record<F, boolean>, after: Record<F, boolean>): Partial<Record<F, boolean>> {
  const changed: Partial<Record<F, boolean>> = {};
  for (const name of names) if (before[name] !== after[name]) changed[name] = after[name];
  return changed;
}

/**
 * PATCH body: only what changed, so two managers editing different fields do not undo each
 * other. The business owner keeps their role and every permission (the server refuses changes).
 */
export function toUpdatePatch(employee: Employee, values: EmployeeFormValues): UpdateEmployeePatch {
  const before = employeeFormValues(employee);
  const patch: UpdateEmployeePatch = {};
  const fullName = values.fullName.trim();
  if (fullName !== before.fullName) patch.fullName = fullName;
  const email = values.email.trim();
  if (email !== before.email) patch.email = email === '' ? null : email;
  if (values.pin) patch.pin = values.pin;
  if (employee.role === 'business_owner') return patch;

  if (values.role !== employee.role && isAssignable(values.role)) patch.role = values.role;
  const permissions = changedFlags(EMPLOYEE_PERMISSION_FLAGS, before.permissions, values.permissions);
  if (Object.keys(permissions).length > 0) patch.permissions = permissions;
  if (values.role === 'admin') {
    // Becoming an admin starts from no flags on the server: send every one that is on.
    const base = employee.role === 'admin' ? before.adminPermissions : allAdminPermissions(false);
    const adminPermissions = changedFlags(ADMIN_PERMISSION_FLAGS, base, values.adminPermissions);
    if (Object.keys(adminPermissions).length > 0) patch.adminPermissions = adminPermissions;
  }
  return patch;
}

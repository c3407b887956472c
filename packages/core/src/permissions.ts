/** SPEC §3: the roles an `employees` row may carry. */
export const EMPLOYEE_ROLES = ['business_owner', 'admin', 'manager', 'cashier', 'kitchen'] as const;
export type EmployeeRole = (typeof EMPLOYEE_ROLES)[number];

/** SPEC §3: the flags stored in `employees.permissions`. */
export const EMPLOYEE_PERMISSION_FLAGS = [
  'can_access_reports',
  'can_apply_discounts',
  'can_process_refunds',
  'can_manage_inventory',
  'can_manage_employees',
  'can_access_settings',
] as const;
export type EmployeePermissionFlag = (typeof EMPLOYEE_PERMISSION_FLAGS)[number];
export type EmployeePermissions = Record<EmployeePermissionFlag, boolean>;

/** SPEC §3: the flags stored in `employees.admin_permissions`. */
export const ADMIN_PERMISSION_FLAGS = [
  'can_kick_employees',
  'can_add_employees',
  'can_view_reports',
  'can_change_settings',
  'can_add_categories',
  'can_add_products',
  'can_change_prices',
  'can_make_orders',
  'can_edit_product_details',
] as const;
export type AdminPermissionFlag = (typeof ADMIN_PERMISSION_FLAGS)[number];
export type AdminPermissions = Record<AdminPermissionFlag, boolean>;

export function isEmployeeRole(value: unknown): value is EmployeeRole {
  return typeof value === 'string' && (EMPLOYEE_ROLES as readonly string[]).includes(value);
}

function allFlags<Flag extends string>(flags: readonly Flag[], value: boolean): Record<Flag, boolean> {
  return Object.fromEntries(flags.map((flag) => [flag, value])) as Record<Flag, boolean>;
}

/**
 * Stored JSON is whatever an older client or a hand edit left behind, so only a real `true`
 * grants anything; a string "true" or a missing key must not.
 */
function normalizeFlags<Flag extends string>(flags: readonly Flag[], stored: unknown): Record<Flag, boolean> {
  const source = typeof stored === 'object' && stored !== null && !Array.isArray(stored) ? (stored as Record<string, unknown>) : {};
  return Object.fromEntries(flags.map((flag) => [flag, source[flag] === true])) as Record<Flag, boolean>;
}

export function allEmployeePermissions(value: boolean): EmployeePermissions {
  return allFlags(EMPLOYEE_PERMISSION_FLAGS, value);
}

export function allAdminPermissions(value: boolean): AdminPermissions {
  return allFlags(ADMIN_PERMISSION_FLAGS, value);
}

export function normalizeEmployeePermissions(stored: unknown): EmployeePermissions {
  return normalizeFlags(EMPLOYEE_PERMISSION_FLAGS, stored);
}

export function normalizeAdminPermissions(stored: unknown): AdminPermissions {
  return normalizeFlags(ADMIN_PERMISSION_FLAGS, stored);
}

/** SPEC §6: the owner holds everything, an admin holds what was stored, nobody else holds any. */
export function resolveAdminPermissions(role: EmployeeRole | null, stored: unknown): AdminPermissions {
  if (role === 'business_owner') return allAdminPermissions(true);
  if (role === 'admin') return normalizeAdminPermissions(stored);
  return allAdminPermissions(false);
}

/** SPEC §6: these roles pass every employee permission check regardless of their stored flags. */
const ALWAYS_PERMITTED_ROLES: readonly EmployeeRole[] = ['admin', 'manager', 'business_owner'];

export function hasEmployeePermission(
  role: EmployeeRole | null | undefined,
  permissions: Partial<EmployeePermissions> | null | undefined,
  flag: EmployeePermissionFlag,
): boolean {
  if (role && ALWAYS_PERMITTED_ROLES.includes(role)) return true;
  return permissions?.[flag] === true;
}

export const EMPLOYEE_FEATURES = ['pos', 'kitchen', 'reports', 'inventory', 'refunds', 'discounts'] as const;
export type EmployeeFeature = (typeof EMPLOYEE_FEATURES)[number];

export type EmployeeFeatureRule =
  | { readonly by: 'role'; readonly roles: readonly EmployeeRole[] }
  | { readonly by: 'permission'; readonly flag: EmployeePermissionFlag };

/** SPEC §6 "Feature access for an employee", one row per feature. */
export const EMPLOYEE_FEATURE_ACCESS: Readonly<Record<EmployeeFeature, EmployeeFeatureRule>> = {
  pos: { by: 'role', roles: ['cashier', 'manager', 'admin', 'business_owner'] },
  kitchen: { by: 'role', roles: ['kitchen', 'manager', 'admin', 'business_owner'] },
  reports: { by: 'permission', flag: 'can_access_reports' },
  inventory: { by: 'permission', flag: 'can_manage_inventory' },
  refunds: { by: 'permission', flag: 'can_process_refunds' },
  discounts: { by: 'permission', flag: 'can_apply_discounts' },
};

export function canAccessEmployeeFeature(
  role: EmployeeRole | null | undefined,
  permissions: Partial<EmployeePermissions> | null | undefined,
  feature: EmployeeFeature,
): boolean {
  const rule = EMPLOYEE_FEATURE_ACCESS[feature];
  if (rule.by === 'role') return role != null && rule.roles.includes(role);
  return hasEmployeePermission(role, permissions, rule.flag);
}

/** SPEC §2: the page keys used for access checks. */
export const PAGE_KEYS = ['employees', 'reports', 'analytics', 'settings'] as const;
export type PageKey = (typeof PAGE_KEYS)[number];

export function isPageKey(value: string): value is PageKey {
  return (PAGE_KEYS as readonly string[]).includes(value);
}

/** SPEC §6 "Page access"; a page without a key is open, so callers may pass any page name. */
export function canAccessPage(adminPermissions: AdminPermissions, page: string): boolean {
  switch (page) {
    case 'employees':
      return adminPermissions.can_add_employees || adminPermissions.can_kick_employees;
    case 'reports':
    case 'analytics':
      return adminPermissions.can_view_reports;
    case 'settings':
      return adminPermissions.can_change_settings;
    default:
      return true;
  }
}

/**
 * SPEC §6: a user may have several employee rows; the most powerful active one decides
 * their admin permissions, and an inactive row never counts.
 */
export function pickAdminRoleRow<T extends { role: string; is_active: boolean }>(rows: readonly T[]): T | null {
  const active = rows.filter((row) => row.is_active);
  return active.find((row) => row.role === 'business_owner') ?? active.find((row) => row.role === 'admin') ?? active[0] ?? null;
}

/** The /employee-pos guard (SPEC §2) admits exactly the roles with the pos feature (SPEC §6). */
export function isPosRole(role: EmployeeRole | null | undefined): boolean {
  return canAccessEmployeeFeature(role, null, 'pos');
}

import {
  normalizeAdminPermissions,
  normalizeEmployeePermissions,
  type AdminPermissions,
  type EmployeePermissions,
  type EmployeeRole,
} from '@till/core';
import type { employees } from '../../db/schema/index.ts';

/** An employee as the API shows it: never the PIN, its hash, its lookup or a setup code. */
export interface EmployeeView {
  id: string;
  full_name: string;
  email: string | null;
  role: EmployeeRole;
  is_active: boolean;
  permissions: EmployeePermissions;
  /** Stored flags of an admin; null for every other role (SPEC §6). */
  admin_permissions: AdminPermissions | null;
  has_pin: boolean;
  setup_code_expires_at: string | null;
  pin_locked_until: string | null;
  created_at: string;
}

export function toEmployeeView(row: typeof employees.$inferSelect, now: Date): EmployeeView {
  const setupPending = row.setupCodeLookup !== null && row.setupCodeExpiresAt !== null && row.setupCodeExpiresAt > now;
  const locked = row.pinLockedUntil !== null && row.pinLockedUntil > now;
  return {
    id: row.id,
    full_name: row.fullName,
    email: row.email,
    role: row.role,
    is_active: row.isActive,
    permissions: normalizeEmployeePermissions(row.permissions),
    admin_permissions: row.role === 'admin' ? normalizeAdminPermissions(row.adminPermissions) : null,
    has_pin: row.pinHash !== null,
    setup_code_expires_at: setupPending ? row.setupCodeExpiresAt!.toISOString() : null,
    pin_locked_until: locked ? row.pinLockedUntil!.toISOString() : null,
    created_at: row.createdAt.toISOString(),
  };
}

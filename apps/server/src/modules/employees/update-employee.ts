import {
  allAdminPermissions,
  normalizeAdminPermissions,
  normalizeEmployeePermissions,
  type AdminPermissions,
  type EmployeePermissions,
  type EmployeeRole,
} from '@till/core';
import { AppError, badRequest, notFound } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import type { employees } from '../../db/schema/index.ts';
import { assertMayGrant, assertMayManage, auditActor } from './employee-authority.ts';
import { hashPin } from './employee-secrets.ts';
import { employeesRepository } from './employees.repository.ts';
import { toEmployeeView, type EmployeeView } from './employee-view.ts';
import { assertPinLongEnough } from './pin-rules.ts';

export interface UpdateEmployeeInput {
  fullName?: string | undefined;
  email?: string | null | undefined;
  role?: Exclude<EmployeeRole, 'business_owner'> | undefined;
  permissions?: Partial<EmployeePermissions> | undefined;
  adminPermissions?: Partial<AdminPermissions> | undefined;
  pin?: string | undefined;
}

export const employeeNotFound = () => notFound('employee_not_found', 'No such employee in this business');

export const ownerProtected = (what: string) =>
  new AppError(409, 'owner_protected', `The business owner ${what}: they keep every permission`);

const sameFlags = (a: Record<string, boolean> | null, b: Record<string, boolean> | null) => JSON.stringify(a) === JSON.stringify(b);

/**
 * Edits an employee. Flags are merged into the stored ones; moving away from admin drops the
 * admin flags. The business_owner row keeps its role and permissions. Permission changes and
 * PIN changes are written to audit_log (never the PIN itself).
 */
export async function updateEmployee(
  services: Services,
  tenant: TenantContext,
  employeeId: string,
  input: UpdateEmployeeInput,
  now: Date,
): Promise<EmployeeView> {
  const { businessId } = tenant;
  const pin = input.pin ? { pinHash: await hashPin(input.pin) } : null;

  const row = await services.database.withTenant(businessId, async (tx) => {
      const current = await employeesRepository.findByIdForUpdate(tx, businessId, employeeId);
      if (!current) throw employeeNotFound();
      assertMayManage(tenant.actor, current);
      const isOwnerRow = current.role === 'business_owner';
      if (isOwnerRow && (input.role || input.permissions || input.adminPermissions)) {
        throw ownerProtected('cannot change role or permissions');
      }

      const role = input.role ?? current.role;
      if (input.adminPermissions && role !== 'admin') {
        throw badRequest('admin_permissions_need_admin_role', 'Only an admin carries admin permissions');
      }
      const previousAdmin = current.role === 'admin' ? normalizeAdminPermissions(current.adminPermissions) : null;
      const adminPermissions: AdminPermissions | null =
        role === 'admin' ? { ...(previousAdmin ?? allAdminPermissions(false)), ...input.adminPermissions } : null;
      assertMayGrant(tenant.actor, previousAdmin, adminPermissions);
      const previousPermissions = normalizeEmployeePermissions(current.permissions);
      const permissions = { ...previousPermissions, ...input.permissions };

      if (input.pin) assertPinLongEnough(role, input.pin);

      const values: Partial<typeof employees.$inferInsert> = {
        ...(input.fullName !== undefined ? { fullName: input.fullName } : {}),
        ...(input.email !== undefined ? { email: input.email } : {}),
        ...(isOwnerRow ? {} : { role, permissions, adminPermissions }),
        // A new PIN replaces any lockout and any setup code still pending.
        ...(pin ? { ...pin, failedPinAttempts: 0, pinLockedUntil: null, setupCodeLookup: null, setupCodeExpiresAt: null } : {}),
      };
      const updated = await employeesRepository.update(tx, businessId, current.id, values);

      const actor = auditActor(tenant);
      const permissionChanges = {
        ...(role !== current.role ? { role: { from: current.role, to: role } } : {}),
        ...(!sameFlags(previousPermissions, permissions) ? { permissions: { from: previousPermissions, to: permissions } } : {}),
        ...(!sameFlags(previousAdmin, adminPermissions) ? { admin_permissions: { from: previousAdmin, to: adminPermissions } } : {}),
      };
      if (Object.keys(permissionChanges).length > 0) {
        await employeesRepository.insertAudit(tx, {
          businessId,
          ...actor,
          action: 'employee.permissions_changed',
          details: { employee_id: current.id, ...permissionChanges },
        });
      }
      const detailChanges = {
        ...(input.fullName !== undefined && input.fullName !== current.fullName ? { full_name: { from: current.fullName, to: input.fullName } } : {}),
        ...(input.email !== undefined && input.email !== current.email ? { email: { from: current.email, to: input.email } } : {}),
        ...(pin ? { pin_changed: true } : {}),
      };
      if (Object.keys(detailChanges).length > 0) {
        await employeesRepository.insertAudit(tx, {
          businessId,
          ...actor,
          action: 'employee.updated',
          details: { employee_id: current.id, ...detailChanges },
        });
      }
      return updated;
    });
  return toEmployeeView(row, now);
}

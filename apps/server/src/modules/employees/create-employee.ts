import {
  allAdminPermissions,
  allEmployeePermissions,
  type AdminPermissions,
  type EmployeePermissions,
  type EmployeeRole,
} from '@till/core';
import { badRequest } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { assertMayGrant, auditActor } from './employee-authority.ts';
import { SETUP_CODE_TTL_MS, generateSetupCode, hashPin, normalizeSetupCode, setupCodeLookup } from './employee-secrets.ts';
import { employeesRepository } from './employees.repository.ts';
import { toEmployeeView, type EmployeeView } from './employee-view.ts';
import { assertPinLongEnough } from './pin-rules.ts';
import { assertPlanAllows } from '../plans/assert-plan-allows.ts';

export interface CreateEmployeeInput {
  fullName: string;
  email: string | null;
  role: Exclude<EmployeeRole, 'business_owner'>;
  permissions?: Partial<EmployeePermissions> | undefined;
  adminPermissions?: Partial<AdminPermissions> | undefined;
  pin?: string | undefined;
}

export interface SetupCodeView {
  /** Shown once: only its HMAC is stored. */
  code: string;
  expires_at: string;
}

/** Prepares a one-time code: what to show once, and what to store. */
export function newSetupCode(secret: string, now: Date) {
  const code = generateSetupCode();
  const expiresAt = new Date(now.getTime() + SETUP_CODE_TTL_MS);
  return {
    view: { code, expires_at: expiresAt.toISOString() } satisfies SetupCodeView,
    columns: { setupCodeLookup: setupCodeLookup(secret, normalizeSetupCode(code)!), setupCodeExpiresAt: expiresAt },
  };
}

/**
 * Adds an employee. With a PIN they can sign in at once; without one they get a one-time setup
 * code (72 hours) to choose their PIN at /employee-setup.
 */
export async function createEmployee(
  services: Services,
  tenant: TenantContext,
  input: CreateEmployeeInput,
  now: Date,
): Promise<{ employee: EmployeeView; setup_code: SetupCodeView | null }> {
  if (input.adminPermissions && input.role !== 'admin') {
    throw badRequest('admin_permissions_need_admin_role', 'Only an admin carries admin permissions');
  }
  const permissions = { ...allEmployeePermissions(false), ...input.permissions };
  const adminPermissions = input.role === 'admin' ? { ...allAdminPermissions(false), ...input.adminPermissions } : null;
  assertMayGrant(tenant.actor, null, adminPermissions);

  const { businessId } = tenant;
  const secret = services.config.authSecret;
  if (input.pin) assertPinLongEnough(input.role, input.pin);
  const pin = input.pin ? { pinHash: await hashPin(input.pin) } : null;
  const setupCode = pin ? null : newSetupCode(secret, now);

  const row = await services.database.withTenant(businessId, async (tx) => {
      await assertPlanAllows(tx, businessId, 'employees');
      const created = await employeesRepository.insert(tx, {
        businessId,
        userId: tenant.userId,
        fullName: input.fullName,
        email: input.email,
        role: input.role,
        isActive: true,
        permissions,
        adminPermissions,
        ...(pin ?? {}),
        ...(setupCode?.columns ?? {}),
      });
      await employeesRepository.insertAudit(tx, {
        businessId,
        ...auditActor(tenant),
        action: 'employee.created',
        details: { employee_id: created.id, full_name: created.fullName, role: created.role, permissions, admin_permissions: adminPermissions },
      });
      return created;
    });
  return { employee: toEmployeeView(row, now), setup_code: setupCode?.view ?? null };
}

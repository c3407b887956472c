import { describe, expect, it } from 'vitest';
import { canSeeCosts, evaluateApiAccess, type Actor, type ApiRequirement } from './api-access.ts';
import { defaultEnabledFeatures } from './features.ts';
import { allAdminPermissions, allEmployeePermissions, type EmployeeRole } from './permissions.ts';

const features = defaultEnabledFeatures({ firstTimeSetup: false });
const employee = (role: EmployeeRole, permissions: Record<string, boolean> = {}, adminPermissions: Record<string, boolean> | null = null): Actor => ({
  kind: 'employee',
  role,
  permissions,
  adminPermissions,
});
const owner: Actor = { kind: 'owner' };

describe('evaluateApiAccess (SPEC §6 on the server)', () => {
  it.each<[string, Actor, ApiRequirement, boolean | 'feature_disabled']>([
    ['owner may open settings', owner, { page: 'settings' }, true],
    ['owner may refund', owner, { employeeFeature: 'refunds' }, true],
    ['cashier may not open settings', employee('cashier', allEmployeePermissions(true)), { page: 'settings' }, false],
    ['cashier may not manage employees', employee('cashier'), { page: 'employees' }, false],
    ['cashier may not refund without the flag', employee('cashier'), { employeeFeature: 'refunds' }, false],
    ['cashier may refund with can_process_refunds', employee('cashier', { can_process_refunds: true }), { employeeFeature: 'refunds' }, true],
    ['cashier may use pos', employee('cashier'), { employeeFeature: 'pos' }, true],
    ['kitchen may not use pos', employee('kitchen'), { employeeFeature: 'pos' }, false],
    ['kitchen may use kitchen', employee('kitchen'), { employeeFeature: 'kitchen' }, true],
    ['cashier may not use kitchen', employee('cashier'), { employeeFeature: 'kitchen' }, false],
    ['manager may refund without the flag', employee('manager'), { employeeFeature: 'refunds' }, true],
    ['manager has no admin flags: no settings page', employee('manager'), { page: 'settings' }, false],
    ['admin without admin_permissions: no settings', employee('admin', {}, null), { page: 'settings' }, false],
    ['admin with can_change_settings: settings', employee('admin', {}, { can_change_settings: true }), { page: 'settings' }, true],
    ['admin with can_kick_employees: employees page', employee('admin', {}, { can_kick_employees: true }), { page: 'employees' }, true],
    ['admin with can_view_reports: analytics', employee('admin', {}, { can_view_reports: true }), { page: 'analytics' }, true],
    ['admin without can_view_reports: reports', employee('admin', {}, allAdminPermissions(false)), { page: 'reports' }, false],
    ['admin needs the named admin flag', employee('admin', {}, { can_add_products: false }), { adminPermission: 'can_add_products' }, false],
    ['employee business_owner row has every admin flag', employee('business_owner'), { adminPermission: 'can_add_products' }, true],
    ['ownerOnly refuses an employee session, even an owner row', employee('business_owner'), { ownerOnly: true }, false],
    ['ownerOnly allows the owner account', owner, { ownerOnly: true }, true],
    ['a switched-off feature refuses even the owner', owner, { feature: 'kitchen_display' }, 'feature_disabled'],
    ['a switched-on feature allows', owner, { feature: 'pos_system' }, true],
  ])('%s', (_name, actor, requirement, expected) => {
    const decision = evaluateApiAccess(actor, requirement, features);
    if (expected === true) expect(decision).toEqual({ allowed: true });
    else expect(decision).toMatchObject({ allowed: false, code: expected === 'feature_disabled' ? 'feature_disabled' : 'forbidden' });
  });
});

describe('canSeeCosts (issue 9 item 14)', () => {
  it.each<[string, Actor, boolean]>([
    ['the owner', { kind: 'owner' }, true],
    ['an admin', employee('admin'), true],
    ['a manager', employee('manager'), true],
    ['a cashier', employee('cashier'), false],
    ['a cashier with can_manage_inventory', employee('cashier', { can_manage_inventory: true }), true],
    ['a cashier with other flags', employee('cashier', { can_process_refunds: true, can_apply_discounts: true }), false],
    ['a kitchen employee', employee('kitchen'), false],
    ['a kitchen employee with can_manage_inventory', employee('kitchen', { can_manage_inventory: true }), true],
  ])('%s → %s', (_name, actor, expected) => {
    expect(canSeeCosts(actor)).toBe(expected);
  });
});

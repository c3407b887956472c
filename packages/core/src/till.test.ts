import { describe, expect, it } from 'vitest';
import { allAdminPermissions, resolveAdminPermissions, type EmployeeRole } from './permissions.ts';
import { defaultEnabledFeatures, type EnabledFeatures } from './features.ts';
import type { RouteGuardContext } from './route-guards.ts';
import { canOpenPage, tillStartPage } from './till.ts';
import { buildUserMenu } from './user-menu.ts';

const features = (overrides: Partial<EnabledFeatures> = {}): EnabledFeatures => ({ ...defaultEnabledFeatures({ firstTimeSetup: false }), ...overrides });

describe('tillStartPage: where a PIN sign-in lands', () => {
  it.each<[EmployeeRole, Partial<EnabledFeatures>, string]>([
    ['cashier', {}, '/pos'],
    ['manager', {}, '/pos'],
    ['admin', {}, '/pos'],
    ['business_owner', {}, '/pos'],
    ['kitchen', { kitchen_display: true }, '/kitchen'],
    ['kitchen', { kitchen_display: false }, '/dashboard'],
    ['cashier', { pos_system: false }, '/dashboard'],
  ])('%s with %o lands on %s', (role, overrides, page) => {
    expect(tillStartPage(role, features(overrides))).toBe(page);
  });
});

const onTill = (role: EmployeeRole, admin: Record<string, boolean> | null = null, overrides: Partial<EnabledFeatures> = {}): RouteGuardContext => ({
  loading: false,
  user: { id: 'till' },
  isBusinessOwner: false,
  settings: { authentication_enabled: true, has_business_owner: true, enabled_features: features(overrides) },
  employeeSession: { employee_role: role },
  isSuperAdmin: false,
  adminPermissions: role === 'business_owner' ? allAdminPermissions(true) : resolveAdminPermissions(role, admin),
});

describe('canOpenPage: menus list only pages that open for the person', () => {
  it.each<[string, EmployeeRole, Record<string, boolean> | null, Partial<EnabledFeatures>, boolean]>([
    ['/settings', 'cashier', null, {}, false],
    ['/settings', 'admin', { can_change_settings: true }, {}, true],
    ['/settings', 'admin', null, {}, false],
    ['/settings', 'business_owner', null, {}, true],
    ['/pos', 'cashier', null, {}, true],
    ['/pos', 'kitchen', null, {}, false],
    ['/kitchen', 'kitchen', null, { kitchen_display: true }, true],
    ['/kitchen', 'cashier', null, { kitchen_display: true }, false],
    ['/kitchen', 'kitchen', null, { kitchen_display: false }, false],
    ['/customers', 'cashier', null, { customer_management: false }, false],
    ['/orders', 'cashier', null, {}, true],
    ['/pricing', 'cashier', null, {}, true],
    ['/', 'cashier', null, {}, true],
    ['/nowhere', 'cashier', null, {}, false],
  ])('%s for %s (%o, %o): %s', (to, role, admin, overrides, expected) => {
    expect(canOpenPage(to, onTill(role, admin, overrides), role)).toBe(expected);
  });

  it('filters the employee menu: a cashier has no Settings or Kitchen, End Shift stays', () => {
    const ctx = onTill('cashier', null, { kitchen_display: true });
    const menu = buildUserMenu({ kind: 'employee', enabledFeatures: features({ kitchen_display: true }), industry: 'retail', isSuperAdmin: false, canOpen: (to) => canOpenPage(to, ctx, 'cashier') });
    const labels = menu.map((entry) => (entry.type === 'label' ? entry.text : entry.label));
    expect(labels).not.toContain('Settings');
    expect(labels).not.toContain('Kitchen');
    expect(labels).toContain('Orders');
    expect(labels.at(-1)).toBe('End Shift');
  });
});

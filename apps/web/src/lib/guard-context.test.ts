import {
  APP_ROUTES,
  allAdminPermissions,
  allEmployeePermissions,
  defaultEnabledFeatures,
  evaluateRouteGuard,
  findRoute,
  type AppRoute,
  type EmployeeSession,
} from '@till/core';
import { describe, expect, it } from 'vitest';
import { actorAdminPermissions, buildGuardContext } from './guard-context';
import type { Me } from './me';

const owner: Me = {
  user: { id: 'u1', email: 'ann@example.com', phone_number: null, name: 'Ann' },
  till: null,
  profile: { user_id: 'u1', business_name: 'Cafe', full_name: 'Ann', industry: 'restaurant' },
  business: { id: 'b1', name: 'Cafe', currency: 'EUR', time_zone: 'Europe/Berlin' },
  settings: {
    business_name: 'Cafe',
    authentication_enabled: true,
    has_business_owner: true,
    enabled_features: defaultEnabledFeatures({ firstTimeSetup: true }),
    prices_include_tax: false,
  },
  employee_session: null,
  is_super_admin: false,
  is_business_owner: true,
  second_step: null,
};

const session = (employee_role: EmployeeSession['employee_role']): EmployeeSession => ({
  employee_id: '7b3c1f9e-2c4d-4f7a-9a51-6a0f2d1e8b44',
  employee_name: 'Bo',
  employee_role,
  permissions: allEmployeePermissions(false),
  login_time: new Date().toISOString(),
  token: 't',
});

const route = (path: string): AppRoute => {
  const match = findRoute(path);
  if (!match) throw new Error(`no route ${path}`);
  return match.route;
};

describe('buildGuardContext', () => {
  it('is loading until /api/me answers', () => {
    const ctx = buildGuardContext({ me: undefined, meLoading: true, superAdminStatus: null, employeeSession: null });
    expect(evaluateRouteGuard(route('/dashboard'), ctx)).toEqual({ outcome: 'loading' });
  });

  it('sends a signed-out visitor to /auth', () => {
    const ctx = buildGuardContext({
      me: { ...owner, user: null, settings: null, is_business_owner: false },
      meLoading: false,
      superAdminStatus: null,
      employeeSession: null,
    });
    expect(evaluateRouteGuard(route('/settings'), ctx)).toEqual({ outcome: 'redirect', to: '/auth' });
  });

  it('lets the owner account into settings (business_owner holds every admin permission)', () => {
    const ctx = buildGuardContext({ me: owner, meLoading: false, superAdminStatus: null, employeeSession: null });
    expect(ctx.adminPermissions.can_change_settings).toBe(true);
    expect(evaluateRouteGuard(route('/settings'), ctx)).toEqual({ outcome: 'allow' });
  });

  it('sends a non-owner account to /employee-login once setup is complete and sign-in is on', () => {
    const ctx = buildGuardContext({ me: { ...owner, is_business_owner: false }, meLoading: false, superAdminStatus: null, employeeSession: null });
    expect(evaluateRouteGuard(route('/dashboard'), ctx)).toEqual({ outcome: 'redirect', to: '/employee-login' });
  });

  it('lets an employee on shift past that check, with the rights of their role', () => {
    const cashier = buildGuardContext({ me: { ...owner, is_business_owner: false }, meLoading: false, superAdminStatus: null, employeeSession: session('cashier') });
    expect(evaluateRouteGuard(route('/dashboard'), cashier)).toEqual({ outcome: 'allow' });
    expect(evaluateRouteGuard(route('/settings'), cashier)).toEqual({ outcome: 'redirect', to: '/dashboard' });
    expect(cashier.employeeSession).toEqual({ employee_role: 'cashier' });
  });

  it('uses the employee, not the owner account, as the actor while a session is open', () => {
    expect(actorAdminPermissions(owner, session('manager')).can_change_settings).toBe(false);
    expect(actorAdminPermissions(owner, session('business_owner')).can_change_settings).toBe(true);
    expect(actorAdminPermissions(owner, null).can_change_settings).toBe(true);
    expect(actorAdminPermissions({ ...owner, is_business_owner: false }, null).can_change_settings).toBe(false);
  });

  it('gives an admin the admin flags the server sent with the session, and none without them', () => {
    const admin = session('admin');
    expect(actorAdminPermissions(owner, admin).can_add_employees).toBe(false);
    const flags = { ...allAdminPermissions(false), can_kick_employees: true };
    const withFlags = { ...admin, admin_permissions: flags };
    expect(actorAdminPermissions(owner, withFlags)).toEqual(flags);
    const ctx = buildGuardContext({ me: owner, meLoading: false, superAdminStatus: null, employeeSession: withFlags });
    expect(evaluateRouteGuard(route('/employees'), { ...ctx, settings: { ...ctx.settings!, enabled_features: { ...ctx.settings!.enabled_features, employee_management: true } } })).toEqual({ outcome: 'allow' });
    // a cashier never holds admin flags, whatever the session says
    expect(actorAdminPermissions(owner, { ...session('cashier'), admin_permissions: allAdminPermissions(true) }).can_kick_employees).toBe(false);
  });

  it('waits for the super-admin check, then sends non-super-admins to /dashboard', () => {
    const base = { me: owner, meLoading: false, employeeSession: null };
    expect(evaluateRouteGuard(route('/system-health'), buildGuardContext({ ...base, superAdminStatus: null }))).toEqual({ outcome: 'loading' });
    expect(evaluateRouteGuard(route('/superadmin'), buildGuardContext({ ...base, superAdminStatus: false }))).toEqual({
      outcome: 'redirect',
      to: '/dashboard',
    });
    expect(evaluateRouteGuard(route('/superadmin'), buildGuardContext({ ...base, superAdminStatus: true }))).toEqual({ outcome: 'allow' });
  });

  it('sends a switched-off feature to /dashboard', () => {
    const me = { ...owner, settings: { ...owner.settings!, enabled_features: { ...owner.settings!.enabled_features, kitchen_display: false } } };
    const ctx = buildGuardContext({ me, meLoading: false, superAdminStatus: null, employeeSession: null });
    expect(evaluateRouteGuard(route('/kitchen'), ctx)).toEqual({ outcome: 'redirect', to: '/dashboard' });
  });
});

describe('a paired till', () => {
  const till: Me = { ...owner, user: null, till: { id: 't1', name: 'Front', store_id: 's1' }, is_business_owner: false };
  const dashboard = APP_ROUTES.find((route) => route.path === '/dashboard')!;

  it('sends nobody-signed-in to the employee sign-in (the till\'s PIN pad), never to the owner\'s pages', () => {
    const ctx = buildGuardContext({ me: till, meLoading: false, superAdminStatus: false, employeeSession: null });
    expect(evaluateRouteGuard(dashboard, ctx)).toEqual({ outcome: 'redirect', to: '/employee-login' });
  });

  it('lets an employee signed in on it through, with their own permissions', () => {
    const ctx = buildGuardContext({ me: till, meLoading: false, superAdminStatus: false, employeeSession: session('cashier') });
    expect(evaluateRouteGuard(dashboard, ctx)).toEqual({ outcome: 'allow' });
    const settings = APP_ROUTES.find((route) => route.path === '/settings')!;
    expect(evaluateRouteGuard(settings, ctx)).toEqual({ outcome: 'redirect', to: '/dashboard' });
  });
});

import { describe, it, expect } from 'vitest';
import { FEATURE_NAMES, type EnabledFeatures, type FeatureName } from './features.ts';
import { allAdminPermissions, resolveAdminPermissions, type EmployeeRole } from './permissions.ts';
import { AUTH_OR_LANDING_PATHS, backTarget, evaluateRouteGuard, type RouteGuardContext, type RouteGuardOutcome } from './route-guards.ts';
import { APP_ROUTES, findRoute, type AppRoute } from './routes.ts';

const allFeatures = (value: boolean): EnabledFeatures =>
  Object.fromEntries(FEATURE_NAMES.map((name) => [name, value])) as EnabledFeatures;

const completeSettings = (enabled_features: EnabledFeatures = allFeatures(true)): NonNullable<RouteGuardContext['settings']> => ({
  authentication_enabled: true,
  has_business_owner: true,
  enabled_features,
});

const owner: RouteGuardContext = {
  loading: false,
  user: { id: 'user-1' },
  isBusinessOwner: true,
  settings: completeSettings(),
  employeeSession: null,
  isSuperAdmin: true,
  adminPermissions: resolveAdminPermissions('business_owner', null),
};

const ALLOW: RouteGuardOutcome = { outcome: 'allow' };
const LOADING: RouteGuardOutcome = { outcome: 'loading' };
const to = (path: string): RouteGuardOutcome => ({ outcome: 'redirect', to: path });

const isUnguarded = (route: AppRoute) => route.kind === 'public' || route.kind === 'open-shell';

/** SPEC §9 defaults: these features are off for a business with no settings record. */
const OFF_WITHOUT_SETTINGS = new Set<string>(['/kitchen', '/vehicle-services', '/appointments', '/quickbooks', '/shifts', '/price-labels']);

interface Scenario {
  name: string;
  ctx: RouteGuardContext;
  expected: (route: AppRoute) => RouteGuardOutcome;
}

const scenarios: Scenario[] = [
  {
    name: 'signed out',
    ctx: { ...owner, user: null, isBusinessOwner: false, settings: null, isSuperAdmin: false, adminPermissions: allAdminPermissions(false) },
    expected: (route) => (isUnguarded(route) ? ALLOW : route.kind === 'employee-pos' ? to('/employee-login') : to('/auth')),
  },
  {
    name: 'still loading',
    ctx: { ...owner, loading: true, user: null, isSuperAdmin: null },
    expected: (route) => (isUnguarded(route) ? ALLOW : route.kind === 'employee-pos' ? to('/employee-login') : LOADING),
  },
  {
    name: 'owner with every feature on, super admin',
    ctx: owner,
    expected: (route) => (route.kind === 'employee-pos' ? to('/employee-login') : ALLOW),
  },
  {
    name: 'owner with an owner employee session',
    ctx: { ...owner, employeeSession: { employee_role: 'business_owner' } },
    expected: () => ALLOW,
  },
  {
    name: 'owner who is not a super admin',
    ctx: { ...owner, isSuperAdmin: false },
    expected: (route) =>
      route.kind === 'employee-pos' ? to('/employee-login') : route.kind === 'super-admin' ? to('/dashboard') : ALLOW,
  },
  {
    name: 'owner while the super-admin check is pending',
    ctx: { ...owner, isSuperAdmin: null },
    expected: (route) => (route.kind === 'employee-pos' ? to('/employee-login') : route.kind === 'super-admin' ? LOADING : ALLOW),
  },
  {
    name: 'owner with every feature off',
    ctx: { ...owner, settings: completeSettings(allFeatures(false)) },
    expected: (route) => (route.kind === 'employee-pos' ? to('/employee-login') : route.feature ? to('/dashboard') : ALLOW),
  },
  {
    name: 'owner with no settings record (default features)',
    ctx: { ...owner, settings: null },
    expected: (route) =>
      route.kind === 'employee-pos' ? to('/employee-login') : OFF_WITHOUT_SETTINGS.has(route.path) ? to('/dashboard') : ALLOW,
  },
  {
    name: 'not the owner, no employee session, setup complete',
    ctx: { ...owner, isBusinessOwner: false },
    expected: (route) => (isUnguarded(route) ? ALLOW : to('/employee-login')),
  },
  {
    name: 'not the owner, no employee session, employee sign-in off',
    ctx: { ...owner, isBusinessOwner: false, settings: { ...completeSettings(), authentication_enabled: false } },
    expected: (route) => (route.kind === 'employee-pos' ? to('/employee-login') : ALLOW),
  },
  {
    name: 'not the owner, no employee session, no owner assigned yet',
    ctx: { ...owner, isBusinessOwner: false, settings: { ...completeSettings(), has_business_owner: false } },
    expected: (route) => (route.kind === 'employee-pos' ? to('/employee-login') : ALLOW),
  },
  {
    name: 'cashier session without admin permissions',
    ctx: {
      ...owner,
      isBusinessOwner: false,
      employeeSession: { employee_role: 'cashier' },
      isSuperAdmin: false,
      adminPermissions: resolveAdminPermissions('cashier', null),
    },
    expected: (route) => (route.kind === 'super-admin' || route.pageKey ? to('/dashboard') : ALLOW),
  },
  {
    name: 'kitchen session',
    ctx: {
      ...owner,
      isBusinessOwner: false,
      employeeSession: { employee_role: 'kitchen' },
      isSuperAdmin: false,
      adminPermissions: allAdminPermissions(false),
    },
    expected: (route) =>
      route.kind === 'employee-pos' ? to('/employee-login') : route.kind === 'super-admin' || route.pageKey ? to('/dashboard') : ALLOW,
  },
  {
    name: 'admin session allowed to view reports only',
    ctx: {
      ...owner,
      isBusinessOwner: false,
      employeeSession: { employee_role: 'admin' },
      isSuperAdmin: false,
      adminPermissions: resolveAdminPermissions('admin', { can_view_reports: true }),
    },
    expected: (route) =>
      route.kind === 'super-admin' || route.path === '/settings' || route.path === '/employees' ? to('/dashboard') : ALLOW,
  },
];

describe.each(scenarios)('evaluateRouteGuard: $name', ({ ctx, expected }) => {
  it.each(APP_ROUTES.map((route) => [route.path, route] as const))('%s', (_path, route) => {
    expect(evaluateRouteGuard(route, ctx)).toEqual(expected(route));
  });
});

describe('evaluateRouteGuard: one feature off at a time', () => {
  // How many routes SPEC §2 gates behind each feature.
  const gatedCount: Partial<Record<FeatureName, number>> = {
    pos_system: 2,
    kitchen_display: 1,
    inventory_management: 5,
    price_labels: 1,
    invoice_generation: 1,
    vehicle_services: 1,
    reporting_analytics: 1,
    customer_management: 1,
    employee_management: 1,
    multi_store: 1,
    time_tracking: 1,
    purchase_orders: 3,
    appointments_booking: 1,
    quickbooks_integration: 1,
  };

  it.each([...FEATURE_NAMES])('%s', (feature) => {
    const ctx: RouteGuardContext = { ...owner, settings: completeSettings({ ...allFeatures(true), [feature]: false }) };
    const redirected = APP_ROUTES.filter((route) => {
      const outcome = evaluateRouteGuard(route, ctx);
      return outcome.outcome === 'redirect' && outcome.to === '/dashboard';
    });
    expect(redirected.map((route) => route.feature)).toEqual(redirected.map(() => feature));
    expect(redirected).toHaveLength(gatedCount[feature] ?? 0);
  });
});

describe('evaluateRouteGuard: /employee-pos by session role', () => {
  const route = findRoute('/employee-pos')!.route;

  it.each<[EmployeeRole, RouteGuardOutcome]>([
    ['business_owner', ALLOW],
    ['admin', ALLOW],
    ['manager', ALLOW],
    ['cashier', ALLOW],
    ['kitchen', to('/employee-login')],
  ])('%s -> %j', (role, expected) => {
    expect(evaluateRouteGuard(route, { ...owner, employeeSession: { employee_role: role } })).toEqual(expected);
  });

  it('needs no owner login, loading state or super admin', () => {
    const ctx: RouteGuardContext = {
      ...owner,
      loading: true,
      user: null,
      isBusinessOwner: false,
      settings: null,
      isSuperAdmin: null,
      employeeSession: { employee_role: 'cashier' },
    };
    expect(evaluateRouteGuard(route, ctx)).toEqual(ALLOW);
  });
});

describe('evaluateRouteGuard: checks run in SPEC order', () => {
  const route = (path: string) => findRoute(path)!.route;
  const stranger: RouteGuardContext = {
    ...owner,
    isBusinessOwner: false,
    isSuperAdmin: false,
    adminPermissions: allAdminPermissions(false),
    settings: completeSettings(allFeatures(false)),
  };

  it.each<[string, string, RouteGuardContext, RouteGuardOutcome]>([
    ['loading before sign-in', '/superadmin', { ...stranger, loading: true, user: null }, LOADING],
    ['sign-in before the super-admin check', '/superadmin', { ...stranger, user: null, isSuperAdmin: null }, to('/auth')],
    ['employee sign-in before the super-admin check', '/superadmin', { ...stranger, isSuperAdmin: null }, to('/employee-login')],
    ['employee sign-in before the feature check', '/kitchen', stranger, to('/employee-login')],
    ['employee sign-in before the page check', '/settings', stranger, to('/employee-login')],
    ['pending super-admin check waits', '/system-health', { ...stranger, isBusinessOwner: true, isSuperAdmin: null }, LOADING],
    ['feature check applies to an allowed page', '/analytics', { ...stranger, isBusinessOwner: true, adminPermissions: allAdminPermissions(true) }, to('/dashboard')],
    [
      'page check applies with the feature on',
      '/employees',
      { ...stranger, isBusinessOwner: true, settings: completeSettings(allFeatures(true)) },
      to('/dashboard'),
    ],
    [
      'page check passes with can_kick_employees alone',
      '/employees',
      {
        ...stranger,
        isBusinessOwner: true,
        settings: completeSettings(allFeatures(true)),
        adminPermissions: { ...allAdminPermissions(false), can_kick_employees: true },
      },
      ALLOW,
    ],
    [
      'settings page needs can_change_settings',
      '/settings',
      { ...stranger, isBusinessOwner: true, adminPermissions: { ...allAdminPermissions(false), can_change_settings: true } },
      ALLOW,
    ],
    ['dashboard never redirects a signed-in visitor', '/dashboard', { ...stranger, isBusinessOwner: true }, ALLOW],
  ])('%s (%s)', (_name, path, ctx, expected) => {
    expect(evaluateRouteGuard(route(path), ctx)).toEqual(expected);
  });
});

describe('backTarget (SPEC §2 back button)', () => {
  it('lists the auth and landing pages', () => {
    expect(AUTH_OR_LANDING_PATHS).toEqual(['/', '/auth', '/signin', '/employee-login', '/back-office-login', '/reset-password', '/signup-thank-you']);
  });

  it.each<[string, Parameters<typeof backTarget>[0], ReturnType<typeof backTarget>]>([
    ['a given target wins over history', { target: '/orders', historyLength: 5, pathname: '/products' }, { kind: 'target', to: '/orders' }],
    ['a given target wins on the landing page', { target: '/pricing', historyLength: 1, pathname: '/' }, { kind: 'target', to: '/pricing' }],
    ['an empty target is no target', { target: '', historyLength: 3, pathname: '/products' }, { kind: 'history' }],
    ['history when there is a previous entry', { historyLength: 2, pathname: '/auth' }, { kind: 'history' }],
    ['no history on an app page', { historyLength: 1, pathname: '/products' }, { kind: 'path', to: '/dashboard' }],
    ['no history at all on an app page', { historyLength: 0, pathname: '/settings' }, { kind: 'path', to: '/dashboard' }],
    ['no history on a nested app page', { historyLength: 1, pathname: '/ai/stock-forecast' }, { kind: 'path', to: '/dashboard' }],
    ['no history on the public /pricing page', { historyLength: 1, pathname: '/pricing' }, { kind: 'path', to: '/dashboard' }],
    ...AUTH_OR_LANDING_PATHS.map(
      (pathname) =>
        [`no history on ${pathname}`, { historyLength: 1, pathname }, { kind: 'path', to: '/' }] as [
          string,
          Parameters<typeof backTarget>[0],
          ReturnType<typeof backTarget>,
        ],
    ),
  ])('%s', (_name, input, expected) => {
    expect(backTarget(input)).toEqual(expected);
  });
});

import { isSetupComplete } from './business-setup.ts';
import { defaultEnabledFeatures, type EnabledFeatures } from './features.ts';
import { canAccessPage, isPosRole, type AdminPermissions, type EmployeeRole } from './permissions.ts';
import type { AppRoute } from './routes.ts';

export interface RouteGuardContext {
  /** The user, profile or settings are still loading. */
  loading: boolean;
  user: { id: string } | null;
  /** The signed-in account is the owner of the business. */
  isBusinessOwner: boolean;
  settings: {
    authentication_enabled: boolean;
    has_business_owner: boolean;
    enabled_features: EnabledFeatures;
  } | null;
  employeeSession: { employee_role: EmployeeRole } | null;
  /** null while the server function that decides it has not answered. */
  isSuperAdmin: boolean | null;
  adminPermissions: AdminPermissions;
}

export type RouteGuardOutcome = { outcome: 'allow' } | { outcome: 'loading' } | { outcome: 'redirect'; to: string };

const ALLOW: RouteGuardOutcome = { outcome: 'allow' };
const LOADING: RouteGuardOutcome = { outcome: 'loading' };
const redirect = (to: string): RouteGuardOutcome => ({ outcome: 'redirect', to });

/** SPEC §2 and §6 "Authenticated-page guard"; the checks run in SPEC order and the first failure wins. */
export function evaluateRouteGuard(route: AppRoute, ctx: RouteGuardContext): RouteGuardOutcome {
  if (route.kind === 'public' || route.kind === 'open-shell') return ALLOW;

  if (route.kind === 'employee-pos') {
    // The till is run on an employee's session alone, so no owner account is involved.
    return ctx.employeeSession && isPosRole(ctx.employeeSession.employee_role) ? ALLOW : redirect('/employee-login');
  }

  if (ctx.loading) return LOADING;
  if (!ctx.user) return redirect('/auth');

  // Once employee sign-in is on, every visit must be attributable to the owner or to a
  // signed-in employee rather than to whoever happens to hold the account's browser session.
  if (isSetupComplete(ctx.settings) && ctx.settings?.authentication_enabled && !ctx.employeeSession && !ctx.isBusinessOwner) {
    return redirect('/employee-login');
  }

  if (route.kind === 'super-admin') {
    if (ctx.isSuperAdmin === null) return LOADING;
    if (!ctx.isSuperAdmin) return redirect('/dashboard');
  }

  if (route.feature) {
    const enabled = ctx.settings?.enabled_features ?? defaultEnabledFeatures({ firstTimeSetup: false });
    if (!enabled[route.feature]) return redirect('/dashboard');
  }

  if (route.pageKey && !canAccessPage(ctx.adminPermissions, route.pageKey)) return redirect('/dashboard');

  return ALLOW;
}

/** SPEC §2: pages from which "back" has no app page to return to. */
export const AUTH_OR_LANDING_PATHS = [
  '/',
  '/auth',
  '/signin',
  '/employee-login',
  '/back-office-login',
  '/reset-password',
  '/signup-thank-you',
] as const;

export type BackTarget = { kind: 'target'; to: string } | { kind: 'history' } | { kind: 'path'; to: '/' | '/dashboard' };

/** SPEC §2 back button: a given target, else history, else / from auth or landing pages, else /dashboard. */
export function backTarget(input: { target?: string | undefined; historyLength: number; pathname: string }): BackTarget {
  if (input.target) return { kind: 'target', to: input.target };
  // The first entry is the current page itself, so only a longer history has somewhere to go back to.
  if (input.historyLength > 1) return { kind: 'history' };
  const onAuthOrLanding = (AUTH_OR_LANDING_PATHS as readonly string[]).includes(input.pathname);
  return { kind: 'path', to: onAuthOrLanding ? '/' : '/dashboard' };
}

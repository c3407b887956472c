import type { EnabledFeatures } from './features.ts';
import { canAccessEmployeeFeature, type EmployeeFeature, type EmployeeRole } from './permissions.ts';
import { evaluateRouteGuard, type RouteGuardContext } from './route-guards.ts';
import { findRoute } from './routes.ts';

/**
 * Where a person lands after their PIN on a paired till (issue 10 item 3): cooks on the kitchen
 * display when the business has one, everyone who sells on the till, and the dashboard only when
 * neither is switched on.
 */
export function tillStartPage(role: EmployeeRole, enabledFeatures: EnabledFeatures): string {
  if (role === 'kitchen') return enabledFeatures.kitchen_display ? '/kitchen' : '/dashboard';
  return enabledFeatures.pos_system ? '/pos' : '/dashboard';
}

/** The SPEC §6 employee feature a page is useless without (the route guard checks the rest). */
const EMPLOYEE_FEATURE_OF_PAGE: Record<string, EmployeeFeature> = {
  '/pos': 'pos',
  '/enhanced-pos': 'pos',
  '/employee-pos': 'pos',
  '/kitchen': 'kitchen',
};

/**
 * Whether a link would open its page for this person rather than send them elsewhere: the
 * route's guard (feature switch, page key, super admin) and, for an employee, the SPEC §6
 * feature the page is for. Menus list only such links (issue 10 item 3).
 */
export function canOpenPage(to: string, ctx: RouteGuardContext, role: EmployeeRole | null): boolean {
  const match = findRoute(to.split('?')[0]!);
  if (!match) return false;
  if (match.route.kind === 'public') return true;
  if (evaluateRouteGuard(match.route, { ...ctx, loading: false }).outcome !== 'allow') return false;
  const feature = EMPLOYEE_FEATURE_OF_PAGE[match.route.path];
  return !role || !feature || canAccessEmployeeFeature(role, null, feature);
}

import type { FeatureName } from './features.ts';
import type { PageKey } from './permissions.ts';

/**
 * How a route is guarded (SPEC §2):
 * - public: no guard, outside the app shell;
 * - open-shell: inside the app shell with no guard at all;
 * - employee-pos: only the point-of-sale role check, no owner login;
 * - login: the authenticated-page guard, plus `feature` and `pageKey` when set;
 * - super-admin: the authenticated-page guard plus the super-admin check.
 */
export const ROUTE_KINDS = ['public', 'open-shell', 'employee-pos', 'login', 'super-admin'] as const;
export type RouteKind = (typeof ROUTE_KINDS)[number];

export interface AppRoute {
  readonly path: string;
  readonly kind: RouteKind;
  readonly feature?: FeatureName;
  readonly pageKey?: PageKey;
  readonly title: string;
}

const ROUTES = [
  { path: '/', kind: 'public', title: 'Home' },
  { path: '/auth', kind: 'public', title: 'Sign in' },
  { path: '/signin', kind: 'public', title: 'Sign in' },
  { path: '/employee-login', kind: 'public', title: 'Employee sign in' },
  { path: '/back-office-login', kind: 'public', title: 'Back office sign in' },
  { path: '/reset-password', kind: 'public', title: 'Reset password' },
  { path: '/signup-thank-you', kind: 'public', title: 'Thank you for signing up' },
  { path: '/employee-setup', kind: 'public', title: 'Employee setup' },
  { path: '/pos-terminal-login', kind: 'public', title: 'Terminal login' },
  { path: '/chatbot-embed/:chatbotId', kind: 'public', title: 'Chat' },
  { path: '/chatbot-widget/:chatbotId', kind: 'public', title: 'Chat' },

  { path: '/pos-terminal', kind: 'open-shell', title: 'POS Terminal' },
  { path: '/pricing', kind: 'open-shell', title: 'Pricing' },

  { path: '/employee-pos', kind: 'employee-pos', title: 'Employee POS' },

  { path: '/dashboard', kind: 'login', title: 'Dashboard' },
  { path: '/back-office', kind: 'login', title: 'Back office' },
  { path: '/pos', kind: 'login', feature: 'pos_system', title: 'POS' },
  { path: '/enhanced-pos', kind: 'login', feature: 'pos_system', title: 'Enhanced POS' },
  { path: '/orders', kind: 'login', title: 'Orders' },
  { path: '/z-report', kind: 'login', title: 'Z report' },
  { path: '/settings', kind: 'login', pageKey: 'settings', title: 'Settings' },
  { path: '/help-center', kind: 'login', title: 'Help Center' },
  { path: '/tasks', kind: 'login', title: 'Tasks' },
  { path: '/incidents', kind: 'login', title: 'Incidents' },
  { path: '/marketing', kind: 'login', title: 'Marketing' },
  { path: '/integrations', kind: 'login', title: 'Integrations' },
  { path: '/ai-modules', kind: 'login', title: 'AI Modules Hub' },
  { path: '/ai/customer-footpath', kind: 'login', title: 'Customer Footpath' },
  { path: '/ai/sales-prediction', kind: 'login', title: 'Sales Prediction' },
  { path: '/ai/product-recommendation', kind: 'login', title: 'Product Recommendations' },
  { path: '/ai/stock-forecast', kind: 'login', title: 'Stock Forecasting' },
  // SPEC §2: both expense paths show the same screen.
  { path: '/expenses/invoices', kind: 'login', title: 'Expenses' },
  { path: '/expenses/add', kind: 'login', title: 'Expenses' },
  { path: '/rebates-test', kind: 'login', title: 'Rebates' },
  // The sidebar links here (SPEC §2) but the route table omits it; an insights page belongs behind the login.
  { path: '/chatbot', kind: 'login', title: 'Chatbot Insights' },

  { path: '/kitchen', kind: 'login', feature: 'kitchen_display', title: 'Kitchen Display' },
  { path: '/products', kind: 'login', feature: 'inventory_management', title: 'Products' },
  { path: '/categories', kind: 'login', feature: 'inventory_management', title: 'Categories' },
  { path: '/waste-tracking', kind: 'login', feature: 'inventory_management', title: 'Waste tracking' },
  { path: '/batch-management', kind: 'login', feature: 'inventory_management', title: 'Batch management' },
  { path: '/inventory-forecast', kind: 'login', feature: 'inventory_management', title: 'Inventory forecast' },
  { path: '/price-labels', kind: 'login', feature: 'price_labels', title: 'Price labels' },
  { path: '/invoices', kind: 'login', feature: 'invoice_generation', title: 'Invoices' },
  { path: '/vehicle-services', kind: 'login', feature: 'vehicle_services', title: 'Vehicle Services' },
  { path: '/analytics', kind: 'login', feature: 'reporting_analytics', pageKey: 'analytics', title: 'Analytics' },
  { path: '/customers', kind: 'login', feature: 'customer_management', title: 'Customers' },
  { path: '/employees', kind: 'login', feature: 'employee_management', pageKey: 'employees', title: 'Employees' },
  { path: '/stores', kind: 'login', feature: 'multi_store', title: 'Stores' },
  { path: '/shifts', kind: 'login', feature: 'time_tracking', title: 'Time Clock' },
  { path: '/purchase-orders', kind: 'login', feature: 'purchase_orders', title: 'Purchase Orders' },
  { path: '/purchases/invoices', kind: 'login', feature: 'purchase_orders', title: 'Purchasing Invoices' },
  { path: '/suppliers', kind: 'login', feature: 'purchase_orders', title: 'Suppliers' },
  { path: '/appointments', kind: 'login', feature: 'appointments_booking', title: 'Appointments' },
  { path: '/quickbooks', kind: 'login', feature: 'quickbooks_integration', title: 'QuickBooks' },

  { path: '/superadmin', kind: 'super-admin', title: 'Super Admin' },
  { path: '/superadmin/feature-flags', kind: 'super-admin', title: 'Feature flags' },
  { path: '/superadmin/industry-templates', kind: 'super-admin', title: 'Industry templates' },
  { path: '/superadmin/subscription-plans', kind: 'super-admin', title: 'Subscription plans' },
  { path: '/superadmin/visual-editor', kind: 'super-admin', title: 'Visual editor' },
  { path: '/superadmin/chatbot', kind: 'super-admin', title: 'Chatbot settings' },
  { path: '/system-health', kind: 'super-admin', title: 'System health' },
] as const satisfies readonly AppRoute[];

export type AppRoutePath = (typeof ROUTES)[number]['path'];

/**
 * Every route of SPEC §2. Anything else, including the /super-admin the user menu links to,
 * is the not-found page.
 */
export const APP_ROUTES: readonly AppRoute[] = ROUTES;

/** SPEC §2: the values /analytics accepts in its `tab` query parameter. */
export const ANALYTICS_TABS = ['sales', 'inventory', 'profitability', 'customers'] as const;
export type AnalyticsTab = (typeof ANALYTICS_TABS)[number];

export function isAnalyticsTab(value: string | null | undefined): value is AnalyticsTab {
  return value != null && (ANALYTICS_TABS as readonly string[]).includes(value);
}

export interface RouteMatch {
  readonly route: AppRoute;
  readonly params: Readonly<Record<string, string>>;
}

function segmentsOf(path: string): string[] {
  return path.split('/').filter((segment) => segment !== '');
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    // A malformed escape is still a usable id for a lookup that will then find nothing.
    return segment;
  }
}

function matchRoute(route: AppRoute, segments: readonly string[]): RouteMatch | null {
  const pattern = segmentsOf(route.path);
  if (pattern.length !== segments.length) return null;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index] as string;
    if (part.startsWith(':')) params[part.slice(1)] = decodeSegment(segment);
    else if (part !== segment) return null;
  }
  return { route, params };
}

/**
 * The route a location shows, or null for not found. A query string, hash or trailing slash
 * does not change the page, so they are ignored.
 */
export function findRoute(pathname: string): RouteMatch | null {
  const path = pathname.split(/[?#]/, 1)[0] ?? '';
  const segments = segmentsOf(path);
  for (const route of APP_ROUTES) {
    const match = matchRoute(route, segments);
    if (match) return match;
  }
  return null;
}

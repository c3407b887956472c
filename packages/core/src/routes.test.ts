import { describe, it, expect } from 'vitest';
import { FEATURE_NAMES } from './features.ts';
import { PAGE_KEYS } from './permissions.ts';
import { ANALYTICS_TABS, APP_ROUTES, findRoute, isAnalyticsTab, type AppRoute } from './routes.ts';

type Row = [path: string, kind: AppRoute['kind'], feature?: AppRoute['feature'], pageKey?: AppRoute['pageKey']];

// SPEC §2, row by row.
const EXPECTED: Row[] = [
  ['/', 'public'],
  ['/auth', 'public'],
  ['/signin', 'public'],
  ['/employee-login', 'public'],
  ['/back-office-login', 'public'],
  ['/reset-password', 'public'],
  ['/signup-thank-you', 'public'],
  ['/employee-setup', 'public'],
  ['/pos-terminal-login', 'public'],
  ['/chatbot-embed/:chatbotId', 'public'],
  ['/chatbot-widget/:chatbotId', 'public'],
  ['/pos-terminal', 'open-shell'],
  ['/pricing', 'open-shell'],
  ['/employee-pos', 'employee-pos'],
  ['/dashboard', 'login'],
  ['/back-office', 'login'],
  ['/pos', 'login', 'pos_system'],
  ['/enhanced-pos', 'login', 'pos_system'],
  ['/orders', 'login'],
  ['/z-report', 'login'],
  ['/settings', 'login', undefined, 'settings'],
  ['/help-center', 'login'],
  ['/tasks', 'login'],
  ['/incidents', 'login'],
  ['/marketing', 'login'],
  ['/integrations', 'login'],
  ['/ai-modules', 'login'],
  ['/ai/customer-footpath', 'login'],
  ['/ai/sales-prediction', 'login'],
  ['/ai/product-recommendation', 'login'],
  ['/ai/stock-forecast', 'login'],
  ['/expenses/invoices', 'login'],
  ['/expenses/add', 'login'],
  ['/rebates-test', 'login'],
  ['/chatbot', 'login'],
  ['/kitchen', 'login', 'kitchen_display'],
  ['/products', 'login', 'inventory_management'],
  ['/categories', 'login', 'inventory_management'],
  ['/waste-tracking', 'login', 'inventory_management'],
  ['/batch-management', 'login', 'inventory_management'],
  ['/inventory-forecast', 'login', 'inventory_management'],
  ['/price-labels', 'login', 'price_labels'],
  ['/invoices', 'login', 'invoice_generation'],
  ['/vehicle-services', 'login', 'vehicle_services'],
  ['/analytics', 'login', 'reporting_analytics', 'analytics'],
  ['/customers', 'login', 'customer_management'],
  ['/employees', 'login', 'employee_management', 'employees'],
  ['/stores', 'login', 'multi_store'],
  ['/shifts', 'login', 'time_tracking'],
  ['/purchase-orders', 'login', 'purchase_orders'],
  ['/purchases/invoices', 'login', 'purchase_orders'],
  ['/suppliers', 'login', 'purchase_orders'],
  ['/appointments', 'login', 'appointments_booking'],
  ['/quickbooks', 'login', 'quickbooks_integration'],
  ['/superadmin', 'super-admin'],
  ['/superadmin/feature-flags', 'super-admin'],
  ['/superadmin/industry-templates', 'super-admin'],
  ['/superadmin/subscription-plans', 'super-admin'],
  ['/superadmin/visual-editor', 'super-admin'],
  ['/superadmin/chatbot', 'super-admin'],
  ['/system-health', 'super-admin'],
];

describe('APP_ROUTES (SPEC §2)', () => {
  it('holds exactly the SPEC paths, once each', () => {
    expect(APP_ROUTES.map((route) => route.path).sort()).toEqual(EXPECTED.map(([path]) => path).sort());
    expect(new Set(APP_ROUTES.map((route) => route.path)).size).toBe(APP_ROUTES.length);
  });

  it.each(EXPECTED)('%s is %s, feature %s, page key %s', (path, kind, feature, pageKey) => {
    const route = APP_ROUTES.find((candidate) => candidate.path === path);
    expect(route).toBeDefined();
    expect(route?.kind).toBe(kind);
    expect(route?.feature).toBe(feature);
    expect(route?.pageKey).toBe(pageKey);
    expect(route?.title.trim()).not.toBe('');
  });

  it('uses only known feature names and page keys', () => {
    for (const route of APP_ROUTES) {
      if (route.feature) expect(FEATURE_NAMES).toContain(route.feature);
      if (route.pageKey) expect(PAGE_KEYS).toContain(route.pageKey);
    }
  });

  it('does not define /super-admin, which the user menu links to', () => {
    expect(APP_ROUTES.some((route) => route.path === '/super-admin')).toBe(false);
  });
});

describe('ANALYTICS_TABS', () => {
  it('lists the four SPEC tab values', () => {
    expect(ANALYTICS_TABS).toEqual(['sales', 'inventory', 'profitability', 'customers']);
  });

  it.each([
    ['sales', true],
    ['customers', true],
    ['Sales', false],
    ['ai', false],
    [null, false],
    [undefined, false],
  ])('isAnalyticsTab(%j) is %s', (value, expected) => {
    expect(isAnalyticsTab(value)).toBe(expected);
  });
});

describe('findRoute', () => {
  it.each(EXPECTED.filter(([path]) => !path.includes(':')))('finds %s', (path) => {
    expect(findRoute(path)).toEqual({ route: APP_ROUTES.find((route) => route.path === path), params: {} });
  });

  it.each<[string, string | null, Record<string, string>]>([
    ['/chatbot-embed/abc-123', '/chatbot-embed/:chatbotId', { chatbotId: 'abc-123' }],
    ['/chatbot-widget/42', '/chatbot-widget/:chatbotId', { chatbotId: '42' }],
    ['/chatbot-widget/hello%20world', '/chatbot-widget/:chatbotId', { chatbotId: 'hello world' }],
    ['/chatbot-widget/%E0%A4%A', '/chatbot-widget/:chatbotId', { chatbotId: '%E0%A4%A' }],
    ['/chatbot-embed', null, {}],
    ['/chatbot-embed/a/b', null, {}],
    ['/chatbot', '/chatbot', {}],
    ['/analytics?tab=inventory', '/analytics', {}],
    ['/orders#latest', '/orders', {}],
    ['/dashboard/', '/dashboard', {}],
    ['', '/', {}],
    ['/super-admin', null, {}],
    ['/superadmin/unknown', null, {}],
    ['/ai', null, {}],
    ['/purchases', null, {}],
    ['/Dashboard', null, {}],
    ['/nowhere', null, {}],
  ])('%s -> %s', (pathname, expectedPath, params) => {
    const match = findRoute(pathname);
    expect(match?.route.path ?? null).toBe(expectedPath);
    if (match) expect(match.params).toEqual(params);
  });
});

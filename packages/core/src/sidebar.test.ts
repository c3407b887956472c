import { describe, it, expect } from 'vitest';
import type { Industry } from './business-setup.ts';
import { FEATURE_NAMES, type EnabledFeatures, type FeatureName } from './features.ts';
import type { EmployeeRole } from './permissions.ts';
import { findRoute } from './routes.ts';
import {
  MOBILE_BREAKPOINT,
  SCROLLBAR_HIDE_DELAY_MS,
  SIDEBAR_COOKIE_MAX_AGE_SECONDS,
  SIDEBAR_COOKIE_NAME,
  SIDEBAR_KEYBOARD_SHORTCUT,
  SIDEBAR_WIDTH,
  SIDEBAR_WIDTH_ICON,
  SIDEBAR_WIDTH_MOBILE,
  buildSidebar,
  type SidebarContext,
} from './sidebar.ts';

const allFeatures = (value: boolean): EnabledFeatures =>
  Object.fromEntries(FEATURE_NAMES.map((name) => [name, value])) as EnabledFeatures;

const ownerCtx = (overrides: Partial<SidebarContext> = {}): SidebarContext => ({
  enabledFeatures: allFeatures(true),
  industry: 'retail',
  employeeSession: null,
  ...overrides,
});

const links = (ctx: SidebarContext) => buildSidebar(ctx).flatMap((group) => group.items.map((item) => item.label));

describe('sidebar constants (SPEC §9)', () => {
  it.each<[string, unknown, unknown]>([
    ['SIDEBAR_COOKIE_NAME', SIDEBAR_COOKIE_NAME, 'sidebar_state'],
    ['SIDEBAR_COOKIE_MAX_AGE_SECONDS', SIDEBAR_COOKIE_MAX_AGE_SECONDS, 604_800],
    ['SIDEBAR_WIDTH', SIDEBAR_WIDTH, '16rem'],
    ['SIDEBAR_WIDTH_MOBILE', SIDEBAR_WIDTH_MOBILE, '18rem'],
    ['SIDEBAR_WIDTH_ICON', SIDEBAR_WIDTH_ICON, '3rem'],
    ['SIDEBAR_KEYBOARD_SHORTCUT', SIDEBAR_KEYBOARD_SHORTCUT, 'b'],
    ['MOBILE_BREAKPOINT', MOBILE_BREAKPOINT, 768],
    ['SCROLLBAR_HIDE_DELAY_MS', SCROLLBAR_HIDE_DELAY_MS, 600],
  ])('%s', (_name, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

describe('buildSidebar with every feature on (SPEC §2)', () => {
  const groups = buildSidebar(ownerCtx());

  it('shows every group in SPEC order, with the SPEC open state', () => {
    expect(groups.map(({ id, label, defaultOpen }) => [id, label, defaultOpen])).toEqual([
      ['dashboard', 'Dashboard', true],
      ['sales', 'Sales & POS', true],
      ['inventory', 'Inventory', true],
      ['reports', 'Reports & Analytics', false],
      ['purchases', 'Purchases', false],
      ['expenses', 'Expenses', false],
      ['staff', 'Employees & Staff', false],
      ['ai', 'AI & Analytics', false],
      ['industry', 'Industry-Specific', false],
    ]);
  });

  it('links every item where SPEC says', () => {
    expect(groups.map((group) => [group.id, group.items.map((item) => [item.label, item.to])])).toEqual([
      ['dashboard', [['Dashboard', '/dashboard']]],
      [
        'sales',
        [
          ['POS Terminal', '/pos'],
          ['Orders', '/orders'],
          ['Customers', '/customers'],
        ],
      ],
      [
        'inventory',
        [
          ['Products', '/products'],
          ['Categories', '/categories'],
          ['Suppliers', '/suppliers'],
        ],
      ],
      [
        'reports',
        [
          ['Sales Analytics', '/analytics?tab=sales'],
          ['Inventory Analytics', '/analytics?tab=inventory'],
          ['Profitability', '/analytics?tab=profitability'],
          ['Customer Analytics', '/analytics?tab=customers'],
          ['AI Analytics', '/ai-modules'],
        ],
      ],
      [
        'purchases',
        [
          ['Purchase Orders', '/purchase-orders'],
          ['Purchasing Invoices', '/purchases/invoices'],
        ],
      ],
      [
        'expenses',
        [
          ['Expense Invoices', '/expenses/invoices'],
          ['Add New Expense', '/expenses/add'],
        ],
      ],
      [
        'staff',
        [
          ['Employees', '/employees'],
          ['Time Clock', '/shifts'],
          ['Stores', '/stores'],
        ],
      ],
      [
        'ai',
        [
          ['AI Modules Hub', '/ai-modules'],
          ['Customer Footpath', '/ai/customer-footpath'],
          ['Sales Prediction', '/ai/sales-prediction'],
          ['Product Recommendations', '/ai/product-recommendation'],
          ['Stock Forecasting', '/ai/stock-forecast'],
          ['Chatbot Insights', '/chatbot'],
        ],
      ],
      [
        'industry',
        [
          ['Appointments', '/appointments'],
          ['Kitchen Display', '/kitchen'],
        ],
      ],
    ]);
  });

  it('links only to defined routes, each with an icon name', () => {
    for (const item of groups.flatMap((group) => group.items)) {
      expect(findRoute(item.to), item.to).not.toBeNull();
      expect(item.icon).toMatch(/^[A-Z][A-Za-z0-9]+$/);
    }
  });
});

describe('buildSidebar: feature-conditional items', () => {
  // Turning the feature off removes exactly these items and nothing else.
  const rows: [FeatureName, string[]][] = [
    ['pos_system', ['POS Terminal']],
    ['customer_management', ['Customers']],
    ['inventory_management', ['Products', 'Categories', 'Suppliers']],
    ['reporting_analytics', ['Sales Analytics', 'Inventory Analytics', 'Profitability', 'Customer Analytics', 'AI Analytics']],
    ['purchase_orders', ['Purchase Orders', 'Purchasing Invoices']],
    ['employee_management', ['Employees']],
    ['time_tracking', ['Time Clock']],
    ['multi_store', ['Stores']],
    ['appointments_booking', ['Appointments']],
    ['kitchen_display', ['Kitchen Display']],
  ];

  it.each(rows)('%s off hides %j', (feature, hidden) => {
    const all = links(ownerCtx());
    const without = links(ownerCtx({ enabledFeatures: { ...allFeatures(true), [feature]: false } }));
    expect(without).toEqual(all.filter((label) => !hidden.includes(label)));
  });

  it.each(FEATURE_NAMES.filter((feature) => !rows.some(([gated]) => gated === feature) && feature !== 'vehicle_services'))(
    '%s off changes nothing',
    (feature) => {
      expect(buildSidebar(ownerCtx({ enabledFeatures: { ...allFeatures(true), [feature]: false } }))).toEqual(buildSidebar(ownerCtx()));
    },
  );
});

describe('buildSidebar: industry-specific items', () => {
  const industryItems = (industry: Industry | null, features: Partial<EnabledFeatures>) =>
    buildSidebar(ownerCtx({ industry, enabledFeatures: { ...allFeatures(false), ...features } }))
      .find((group) => group.id === 'industry')
      ?.items.map((item) => item.label) ?? [];

  it.each<[Industry | null, Partial<EnabledFeatures>, string[]]>([
    ['mechanics', { vehicle_services: true }, ['Vehicle Services']],
    ['retail', { vehicle_services: true }, []],
    ['restaurant', { vehicle_services: true }, []],
    [null, { vehicle_services: true }, []],
    ['mechanics', { vehicle_services: false }, []],
    ['restaurant', { kitchen_display: true }, ['Kitchen Display']],
    ['retail', { kitchen_display: true }, ['Kitchen Display']],
    [null, { kitchen_display: true }, ['Kitchen Display']],
    ['mechanics', { kitchen_display: true }, []],
    ['restaurant', { kitchen_display: false }, []],
    ['mechanics', { appointments_booking: true }, ['Appointments']],
    ['retail', { appointments_booking: true }, ['Appointments']],
    ['mechanics', { appointments_booking: true, vehicle_services: true, kitchen_display: true }, ['Appointments', 'Vehicle Services']],
    ['restaurant', { appointments_booking: true, vehicle_services: true, kitchen_display: true }, ['Appointments', 'Kitchen Display']],
  ])('%s with %j -> %j', (industry, features, expected) => {
    expect(industryItems(industry, features)).toEqual(expected);
  });
});

describe('buildSidebar: empty groups are hidden', () => {
  it('keeps only groups with unconditional items when every feature is off', () => {
    const groups = buildSidebar(ownerCtx({ enabledFeatures: allFeatures(false) }));
    expect(groups.map((group) => group.id)).toEqual(['dashboard', 'sales', 'expenses', 'ai']);
    expect(groups.find((group) => group.id === 'sales')?.items.map((item) => item.label)).toEqual(['Orders']);
  });

  it('hides the industry group for mechanics with only the kitchen display on', () => {
    const groups = buildSidebar(ownerCtx({ industry: 'mechanics', enabledFeatures: { ...allFeatures(false), kitchen_display: true } }));
    expect(groups.some((group) => group.id === 'industry')).toBe(false);
  });
});

describe('buildSidebar: employee sessions', () => {
  const posOnly = [
    { id: 'pos', label: 'POS System', defaultOpen: true, items: [{ label: 'POS Terminal', to: '/pos', icon: 'ShoppingCart' }] },
  ];

  it.each<[EmployeeRole, boolean]>([
    ['cashier', true],
    ['kitchen', true],
    ['admin', false],
    ['business_owner', false],
  ])('%s sees only the POS System group: %s', (role, onlyPos) => {
    const groups = buildSidebar(ownerCtx({ employeeSession: { employee_role: role } }));
    if (onlyPos) expect(groups).toEqual(posOnly);
    else expect(groups).toEqual(buildSidebar(ownerCtx()));
  });

  it('a manager gets the POS group with the pages SPEC §6 lets managers use: orders (refunds), customers, products', () => {
    const groups = buildSidebar(ownerCtx({ employeeSession: { employee_role: 'manager' } }));
    expect(groups).toHaveLength(1);
    expect(groups[0]!.items.map((item) => item.to)).toEqual(['/pos', '/orders', '/customers', '/products']);
    const bare = buildSidebar(ownerCtx({ employeeSession: { employee_role: 'manager' }, enabledFeatures: { ...allFeatures(false), pos_system: true } }));
    expect(bare[0]!.items.map((item) => item.to)).toEqual(['/pos', '/orders']);
  });

  it('a cashier sees the POS group whatever the features', () => {
    expect(buildSidebar(ownerCtx({ employeeSession: { employee_role: 'cashier' }, enabledFeatures: allFeatures(false) }))).toEqual(posOnly);
  });

  it('returns a fresh group each call so callers may mutate it', () => {
    const first = buildSidebar(ownerCtx({ employeeSession: { employee_role: 'cashier' } }));
    first[0]?.items.push({ label: 'x', to: '/x', icon: 'X' });
    expect(buildSidebar(ownerCtx({ employeeSession: { employee_role: 'cashier' } }))).toEqual(posOnly);
  });
});

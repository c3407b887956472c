import type { Industry } from './business-setup.ts';
import type { EnabledFeatures, FeatureName } from './features.ts';
import type { EmployeeRole } from './permissions.ts';

/** SPEC §2 and §9: sidebar state, sizes and shortcut. */
export const SIDEBAR_COOKIE_NAME = 'sidebar_state';
export const SIDEBAR_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 7;
export const SIDEBAR_WIDTH = '16rem';
export const SIDEBAR_WIDTH_MOBILE = '18rem';
export const SIDEBAR_WIDTH_ICON = '3rem';
/** Pressed together with ctrl or cmd. */
export const SIDEBAR_KEYBOARD_SHORTCUT = 'b';
/** Viewports narrower than this many pixels count as mobile. */
export const MOBILE_BREAKPOINT = 768;
export const SCROLLBAR_HIDE_DELAY_MS = 600;

export const SIDEBAR_GROUP_IDS = ['dashboard', 'sales', 'inventory', 'reports', 'purchases', 'expenses', 'staff', 'ai', 'industry'] as const;
export type SidebarGroupId = (typeof SIDEBAR_GROUP_IDS)[number] | 'pos';

export interface SidebarItem {
  label: string;
  to: string;
  /** A lucide icon name, so this package stays free of React. */
  icon: string;
}

export interface SidebarGroup {
  id: SidebarGroupId;
  label: string;
  defaultOpen: boolean;
  items: SidebarItem[];
}

export interface SidebarContext {
  enabledFeatures: EnabledFeatures;
  industry: Industry | null | undefined;
  employeeSession: { employee_role: EmployeeRole } | null;
}

interface ItemRule extends SidebarItem {
  shownWhen?: (ctx: SidebarContext) => boolean;
}

const ifFeature =
  (feature: FeatureName) =>
  (ctx: SidebarContext): boolean =>
    ctx.enabledFeatures[feature];

const SIDEBAR_GROUPS: readonly (Omit<SidebarGroup, 'items'> & { items: readonly ItemRule[] })[] = [
  {
    id: 'dashboard',
    label: 'Dashboard',
    defaultOpen: true,
    items: [{ label: 'Dashboard', to: '/dashboard', icon: 'LayoutDashboard' }],
  },
  {
    id: 'sales',
    label: 'Sales & POS',
    defaultOpen: true,
    items: [
      { label: 'POS Terminal', to: '/pos', icon: 'ShoppingCart', shownWhen: ifFeature('pos_system') },
      { label: 'Orders', to: '/orders', icon: 'Receipt' },
      { label: 'Customers', to: '/customers', icon: 'Users', shownWhen: ifFeature('customer_management') },
    ],
  },
  {
    id: 'inventory',
    label: 'Inventory',
    defaultOpen: true,
    items: [
      { label: 'Products', to: '/products', icon: 'Package', shownWhen: ifFeature('inventory_management') },
      { label: 'Categories', to: '/categories', icon: 'Tags', shownWhen: ifFeature('inventory_management') },
      { label: 'Suppliers', to: '/suppliers', icon: 'Truck', shownWhen: ifFeature('inventory_management') },
    ],
  },
  {
    id: 'reports',
    label: 'Reports & Analytics',
    defaultOpen: false,
    items: [
      { label: 'Sales Analytics', to: '/analytics?tab=sales', icon: 'TrendingUp', shownWhen: ifFeature('reporting_analytics') },
      { label: 'Inventory Analytics', to: '/analytics?tab=inventory', icon: 'Boxes', shownWhen: ifFeature('reporting_analytics') },
      { label: 'Profitability', to: '/analytics?tab=profitability', icon: 'DollarSign', shownWhen: ifFeature('reporting_analytics') },
      { label: 'Customer Analytics', to: '/analytics?tab=customers', icon: 'UserCheck', shownWhen: ifFeature('reporting_analytics') },
      { label: 'AI Analytics', to: '/ai-modules', icon: 'Brain', shownWhen: ifFeature('reporting_analytics') },
    ],
  },
  {
    id: 'purchases',
    label: 'Purchases',
    defaultOpen: false,
    items: [
      { label: 'Purchase Orders', to: '/purchase-orders', icon: 'ClipboardList', shownWhen: ifFeature('purchase_orders') },
      { label: 'Purchasing Invoices', to: '/purchases/invoices', icon: 'FileText', shownWhen: ifFeature('purchase_orders') },
    ],
  },
  {
    id: 'expenses',
    label: 'Expenses',
    defaultOpen: false,
    items: [
      { label: 'Expense Invoices', to: '/expenses/invoices', icon: 'Wallet' },
      { label: 'Add New Expense', to: '/expenses/add', icon: 'CirclePlus' },
    ],
  },
  {
    id: 'staff',
    label: 'Employees & Staff',
    defaultOpen: false,
    items: [
      { label: 'Employees', to: '/employees', icon: 'UserCog', shownWhen: ifFeature('employee_management') },
      { label: 'Time Clock', to: '/shifts', icon: 'Clock', shownWhen: ifFeature('time_tracking') },
      { label: 'Stores', to: '/stores', icon: 'Store', shownWhen: ifFeature('multi_store') },
    ],
  },
  {
    id: 'ai',
    label: 'AI & Analytics',
    defaultOpen: false,
    items: [
      { label: 'AI Modules Hub', to: '/ai-modules', icon: 'Bot' },
      { label: 'Customer Footpath', to: '/ai/customer-footpath', icon: 'Footprints' },
      { label: 'Sales Prediction', to: '/ai/sales-prediction', icon: 'ChartLine' },
      { label: 'Product Recommendations', to: '/ai/product-recommendation', icon: 'Sparkles' },
      { label: 'Stock Forecasting', to: '/ai/stock-forecast', icon: 'PackageSearch' },
      { label: 'Chatbot Insights', to: '/chatbot', icon: 'MessageSquare' },
    ],
  },
  {
    id: 'industry',
    label: 'Industry-Specific',
    defaultOpen: false,
    items: [
      { label: 'Appointments', to: '/appointments', icon: 'CalendarDays', shownWhen: ifFeature('appointments_booking') },
      {
        label: 'Vehicle Services',
        to: '/vehicle-services',
        icon: 'Wrench',
        shownWhen: (ctx) => ctx.enabledFeatures.vehicle_services && ctx.industry === 'mechanics',
      },
      {
        label: 'Kitchen Display',
        to: '/kitchen',
        icon: 'ChefHat',
        shownWhen: (ctx) => ctx.enabledFeatures.kitchen_display && ctx.industry !== 'mechanics',
      },
    ],
  },
];

/** SPEC §2: the only group an employee without back-office rights gets. */
const POS_ONLY_GROUP: SidebarGroup = {
  id: 'pos',
  label: 'POS System',
  defaultOpen: true,
  items: [{ label: 'POS Terminal', to: '/pos', icon: 'ShoppingCart' }],
};

/** Roles whose employee session sees the full back-office sidebar (SPEC §2 "an employee who is not an admin"). */
const FULL_SIDEBAR_ROLES: readonly EmployeeRole[] = ['admin', 'business_owner'];

/** SPEC §2 Sidebar: the groups to show, empty ones dropped. */
/**
 * What a manager on the till may open besides the till (issue 10 item 3: SPEC §6 always allows
 * managers refunds and inventory), in the same POS System group.
 */
const MANAGER_TILL_ITEMS: ItemRule[] = [
  { label: 'Orders', to: '/orders', icon: 'Receipt' },
  { label: 'Customers', to: '/customers', icon: 'Users', shownWhen: ifFeature('customer_management') },
  { label: 'Products', to: '/products', icon: 'Package', shownWhen: ifFeature('inventory_management') },
];

export function buildSidebar(ctx: SidebarContext): SidebarGroup[] {
  if (ctx.employeeSession && !FULL_SIDEBAR_ROLES.includes(ctx.employeeSession.employee_role)) {
    const extra = ctx.employeeSession.employee_role === 'manager' ? MANAGER_TILL_ITEMS.filter((item) => item.shownWhen?.(ctx) ?? true) : [];
    return [{ ...POS_ONLY_GROUP, items: [...POS_ONLY_GROUP.items, ...extra].map(({ label, to, icon }) => ({ label, to, icon })) }];
  }
  return SIDEBAR_GROUPS.map((group) => ({
    id: group.id,
    label: group.label,
    defaultOpen: group.defaultOpen,
    items: group.items.filter((item) => item.shownWhen?.(ctx) ?? true).map(({ label, to, icon }) => ({ label, to, icon })),
  })).filter((group) => group.items.length > 0);
}

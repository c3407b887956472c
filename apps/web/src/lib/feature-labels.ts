import type { FeatureName } from '@till/core';

/** A readable name for each SPEC §3 feature; the SPEC name is shown next to it where useful. */
export const FEATURE_LABELS: Record<FeatureName, string> = {
  pos_system: 'Point of sale',
  inventory_management: 'Inventory management',
  customer_management: 'Customer management',
  employee_management: 'Employee management',
  reporting_analytics: 'Reporting and analytics',
  appointments_booking: 'Appointment booking',
  vehicle_services: 'Vehicle services',
  quickbooks_integration: 'QuickBooks integration',
  kitchen_display: 'Kitchen display',
  time_tracking: 'Time tracking',
  multi_store: 'Multiple stores',
  loyalty_program: 'Loyalty program',
  purchase_orders: 'Purchase orders',
  invoice_generation: 'Invoices',
  cash_management: 'Cash management',
  price_labels: 'Price labels',
  barcode_scanning: 'Barcode scanning',
  multiple_payments: 'Split payments',
  inventory_adjustments: 'Stock adjustments',
  low_stock_alerts: 'Low stock alerts',
  supplier_management: 'Supplier management',
  promotions_pricing: 'Promotions and pricing',
  sales_reports: 'Sales reports',
  employee_performance: 'Employee performance',
  basic_accounting: 'Basic accounting',
};

export interface FeatureGroup {
  id: string;
  label: string;
  description: string;
  features: readonly FeatureName[];
}

/** The 25 features in groups an owner recognises from their day; each feature sits in exactly one. */
export const FEATURE_GROUPS: readonly FeatureGroup[] = [
  {
    id: 'selling',
    label: 'Selling',
    description: 'The till and how customers pay.',
    features: ['pos_system', 'multiple_payments', 'barcode_scanning', 'cash_management', 'promotions_pricing', 'loyalty_program', 'price_labels'],
  },
  {
    id: 'stock',
    label: 'Stock and purchasing',
    description: 'What is on the shelf and where it comes from.',
    features: ['inventory_management', 'inventory_adjustments', 'low_stock_alerts', 'supplier_management', 'purchase_orders'],
  },
  {
    id: 'customers',
    label: 'Customers and invoicing',
    description: 'The people you sell to and the papers they get.',
    features: ['customer_management', 'invoice_generation', 'appointments_booking'],
  },
  {
    id: 'staff',
    label: 'Staff and stores',
    description: 'Who works, when, and where.',
    features: ['employee_management', 'time_tracking', 'employee_performance', 'multi_store'],
  },
  {
    id: 'reports',
    label: 'Reports and accounting',
    description: 'Figures for you and your accountant.',
    features: ['reporting_analytics', 'sales_reports', 'basic_accounting', 'quickbooks_integration'],
  },
  {
    id: 'industry',
    label: 'Industry',
    description: 'Screens for kitchens and workshops.',
    features: ['kitchen_display', 'vehicle_services'],
  },
];

/** The 25 switchable features of SPEC §3, in SPEC order. */
export const FEATURE_NAMES = [
  'pos_system',
  'inventory_management',
  'customer_management',
  'employee_management',
  'reporting_analytics',
  'appointments_booking',
  'vehicle_services',
  'quickbooks_integration',
  'kitchen_display',
  'time_tracking',
  'multi_store',
  'loyalty_program',
  'purchase_orders',
  'invoice_generation',
  'cash_management',
  'price_labels',
  'barcode_scanning',
  'multiple_payments',
  'inventory_adjustments',
  'low_stock_alerts',
  'supplier_management',
  'promotions_pricing',
  'sales_reports',
  'employee_performance',
  'basic_accounting',
] as const;

export type FeatureName = (typeof FEATURE_NAMES)[number];
export type EnabledFeatures = Record<FeatureName, boolean>;

/** SPEC §9: these are off by default; everything else is on. */
const OFF_BY_DEFAULT: readonly FeatureName[] = [
  'appointments_booking',
  'vehicle_services',
  'quickbooks_integration',
  'kitchen_display',
  'time_tracking',
  'price_labels',
];

/** SPEC §9: also off when a business is set up for the first time. */
const OFF_ON_FIRST_TIME_SETUP: readonly FeatureName[] = ['employee_management', 'multi_store'];

/** The default feature map; `firstTimeSetup` applies SPEC §9's first-time offs as well. */
export function defaultEnabledFeatures(options: { firstTimeSetup: boolean }): EnabledFeatures {
  const off = new Set<FeatureName>(OFF_BY_DEFAULT);
  if (options.firstTimeSetup) for (const name of OFF_ON_FIRST_TIME_SETUP) off.add(name);
  return Object.fromEntries(FEATURE_NAMES.map((name) => [name, !off.has(name)])) as EnabledFeatures;
}

/**
 * A stored map may lack features added after it was written, or carry unknown keys:
 * missing ones take the (non-first-time) default, unknown ones are dropped.
 */
export function resolveEnabledFeatures(stored: Partial<Record<string, boolean>> | null | undefined): EnabledFeatures {
  const defaults = defaultEnabledFeatures({ firstTimeSetup: false });
  if (!stored) return defaults;
  const resolved = { ...defaults };
  for (const name of FEATURE_NAMES) {
    const value = stored[name];
    if (typeof value === 'boolean') resolved[name] = value;
  }
  return resolved;
}

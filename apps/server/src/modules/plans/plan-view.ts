import { FEATURE_NAMES, type FeatureName, type PlanLimits, type PlanSummary } from '@till/core';
import type { PlanRow } from './plans.repository.ts';

const KNOWN = new Set<string>(FEATURE_NAMES);

export function limitsOf(row: PlanRow): PlanLimits {
  return { stores: row.maxStores, registers: row.maxRegisters, employees: row.maxEmployees, products: row.maxProducts };
}

/** A plan as the pricing page shows it. */
export function toPlanSummary(row: PlanRow): PlanSummary {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    monthly_price: row.monthlyPrice,
    currency: row.currency,
    limits: limitsOf(row),
    features: row.features.filter((name): name is FeatureName => KNOWN.has(name)),
  };
}

/** A plan as the super admin edits it. */
export function toPlanAdminView(row: PlanRow, businesses: number) {
  return { ...toPlanSummary(row), is_active: row.isActive, is_default: row.isDefault, sort_order: row.sortOrder, businesses };
}
export type PlanAdminView = ReturnType<typeof toPlanAdminView>;

import type { FeatureName } from './features.ts';

/** What a subscription plan counts (issue 20 item 3). `null` means unlimited. */
export const PLAN_LIMIT_RESOURCES = ['stores', 'registers', 'employees', 'products'] as const;
export type PlanLimitResource = (typeof PLAN_LIMIT_RESOURCES)[number];
export type PlanLimits = Record<PlanLimitResource, number | null>;

/** How each limit reads in a sentence and on the pricing page. */
export const PLAN_LIMIT_LABELS: Record<PlanLimitResource, { one: string; many: string }> = {
  stores: { one: 'store', many: 'stores' },
  registers: { one: 'till', many: 'tills' },
  employees: { one: 'employee', many: 'employees' },
  products: { one: 'product', many: 'products' },
};

/** The limits no plan can go above (a typo guard for the super admin's form). */
export const PLAN_LIMIT_MAX = 1_000_000;

export type PlanLimitDecision =
  | { allowed: true }
  | { allowed: false; code: 'plan_limit_reached'; limit: number; message: string };

/** "1 till", "15 employees", "unlimited products". */
export function describePlanLimit(resource: PlanLimitResource, limit: number | null): string {
  const label = PLAN_LIMIT_LABELS[resource];
  if (limit === null) return `Unlimited ${label.many}`;
  return `${limit.toLocaleString('en-US')} ${limit === 1 ? label.one : label.many}`;
}

/**
 * Whether `adding` more of a resource fits the plan when the business has `current` now.
 * A refusal names the plan and its limit and says how to get more (the upgrade hint).
 */
export function checkPlanLimit(
  plan: { name: string; limits: PlanLimits },
  resource: PlanLimitResource,
  current: number,
  adding = 1,
): PlanLimitDecision {
  const limit = plan.limits[resource];
  if (limit === null || adding <= 0 || current + adding <= limit) return { allowed: true };
  const label = PLAN_LIMIT_LABELS[resource];
  const room = Math.max(0, limit - current);
  const what = adding === 1 ? `another ${label.one}` : `${adding.toLocaleString('en-US')} more ${label.many}${room > 0 ? ` (room for ${room.toLocaleString('en-US')})` : ''}`;
  return {
    allowed: false,
    code: 'plan_limit_reached',
    limit,
    message: `Your ${plan.name} plan allows ${describePlanLimit(resource, limit).toLowerCase()}, so ${what} cannot be added. Upgrade your plan (see Pricing) or ask the platform administrator to add more.`,
  };
}

/** Share of a limit in use, 0–100 (null for unlimited): the settings card's bar. */
export function planUsagePercent(used: number, limit: number | null): number | null {
  if (limit === null) return null;
  if (limit <= 0) return 100;
  return Math.min(100, Math.round((used / limit) * 100));
}

/** A plan as the pricing page shows it. */
export interface PlanSummary {
  id: string;
  name: string;
  description: string;
  monthly_price: number;
  currency: string;
  limits: PlanLimits;
  features: FeatureName[];
}

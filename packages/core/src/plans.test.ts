import { describe, expect, it } from 'vitest';
import { applyFeatureOverrides } from './feature-flags.ts';
import { defaultEnabledFeatures } from './features.ts';
import { checkPlanLimit, describePlanLimit, planUsagePercent, type PlanLimits } from './plans.ts';

const limits: PlanLimits = { stores: 1, registers: 2, employees: 3, products: null };
const starter = { name: 'Starter', limits };

describe('checkPlanLimit', () => {
  it.each([
    ['employees', 0, 1, true],
    ['employees', 2, 1, true],
    ['employees', 3, 1, false],
    ['employees', 7, 1, false],
    ['registers', 1, 1, true],
    ['registers', 2, 1, false],
    ['registers', 0, 3, false],
    ['products', 1_000_000, 1, true],
    ['stores', 1, 0, true],
  ] as const)('%s: %i in use, adding %i → allowed %s', (resource, current, adding, allowed) => {
    expect(checkPlanLimit(starter, resource, current, adding).allowed).toBe(allowed);
  });

  it('names the plan, the limit and how to get more', () => {
    const decision = checkPlanLimit(starter, 'employees', 3);
    expect(decision).toEqual({
      allowed: false,
      code: 'plan_limit_reached',
      limit: 3,
      message: 'Your Starter plan allows 3 employees, so another employee cannot be added. Upgrade your plan (see Pricing) or ask the platform administrator to add more.',
    });
  });

  it('says how much room is left when adding several', () => {
    const decision = checkPlanLimit({ name: 'Free', limits: { ...limits, products: 50 } }, 'products', 45, 10);
    expect(decision.allowed).toBe(false);
    if (!decision.allowed) expect(decision.message).toContain('10 more products (room for 5)');
  });
});

describe('describePlanLimit and planUsagePercent', () => {
  it.each([
    ['registers', 1, '1 till'],
    ['employees', 15, '15 employees'],
    ['products', 5000, '5,000 products'],
    ['stores', null, 'Unlimited stores'],
  ] as const)('%s %s → %s', (resource, limit, text) => {
    expect(describePlanLimit(resource, limit)).toBe(text);
  });

  it.each([
    [0, 10, 0],
    [5, 10, 50],
    [12, 10, 100],
    [3, null, null],
    [0, 0, 100],
  ] as const)('%i of %s → %s%%', (used, limit, percent) => {
    expect(planUsagePercent(used, limit)).toBe(percent);
  });
});

describe('applyFeatureOverrides', () => {
  const features = { ...defaultEnabledFeatures({ firstTimeSetup: false }), price_labels: true };
  it.each([
    ['default', [], true],
    ['off', [], false],
    ['on', [], true],
    ['selected', ['biz-1'], true],
    ['selected', ['biz-2'], false],
  ] as const)('price_labels %s (chosen %j) for biz-1 → %s', (mode, businessIds, on) => {
    const result = applyFeatureOverrides(features, [{ feature: 'price_labels', mode, businessIds }], 'biz-1');
    expect(result.price_labels).toBe(on);
    expect(result.pos_system).toBe(true);
  });

  it('turns on a feature the business left off when the platform says on', () => {
    expect(features.vehicle_services).toBe(false);
    expect(applyFeatureOverrides(features, [{ feature: 'vehicle_services', mode: 'on', businessIds: [] }], 'biz-1').vehicle_services).toBe(true);
  });

  it('leaves the given map alone', () => {
    applyFeatureOverrides(features, [{ feature: 'pos_system', mode: 'off', businessIds: [] }], 'biz-1');
    expect(features.pos_system).toBe(true);
  });
});

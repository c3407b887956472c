import { describe, expect, it } from 'vitest';
import { FEATURE_NAMES, defaultEnabledFeatures, resolveEnabledFeatures } from './features.ts';

const OFF = ['appointments_booking', 'vehicle_services', 'quickbooks_integration', 'kitchen_display', 'time_tracking', 'price_labels'];

describe('default enabled features (SPEC §9)', () => {
  it('has all 25 SPEC §3 features', () => {
    expect(FEATURE_NAMES).toHaveLength(25);
  });
  it.each(FEATURE_NAMES.map((name) => [name]))('%s', (name) => {
    const regular = defaultEnabledFeatures({ firstTimeSetup: false });
    const firstTime = defaultEnabledFeatures({ firstTimeSetup: true });
    expect(regular[name]).toBe(!OFF.includes(name));
    const offFirstTime = OFF.includes(name) || name === 'employee_management' || name === 'multi_store';
    expect(firstTime[name]).toBe(!offFirstTime);
  });
  it('fills missing keys with defaults and drops unknown ones', () => {
    const resolved = resolveEnabledFeatures({ pos_system: false, bogus: true } as Record<string, boolean>);
    expect(resolved.pos_system).toBe(false);
    expect(resolved.inventory_management).toBe(true);
    expect('bogus' in resolved).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { defaultBusinessName, isSetupComplete, setupState } from './business-setup.ts';

describe('defaultBusinessName (SPEC §4)', () => {
  it.each([
    [{ business_name: 'Corner Shop', full_name: 'Ann Lee' }, 'Corner Shop'],
    [{ business_name: '  ', full_name: 'Ann Lee' }, 'Ann Lee'],
    [{ business_name: null, full_name: 'Ann Lee' }, 'Ann Lee'],
    [{ business_name: null, full_name: '' }, 'My Business'],
    [null, 'My Business'],
  ])('%j -> %s', (profile, expected) => {
    expect(defaultBusinessName(profile)).toBe(expected);
  });
});

describe('setup state (SPEC §4)', () => {
  it.each([
    [null, 'needs_settings', false],
    [{ authentication_enabled: true, has_business_owner: false }, 'needs_owner', false],
    [{ authentication_enabled: false, has_business_owner: false }, 'needs_owner', false],
    [{ authentication_enabled: false, has_business_owner: true }, 'incomplete', false],
    [{ authentication_enabled: true, has_business_owner: true }, 'complete', true],
  ] as const)('%j -> %s', (settings, state, complete) => {
    expect(setupState(settings)).toBe(state);
    expect(isSetupComplete(settings)).toBe(complete);
  });
});

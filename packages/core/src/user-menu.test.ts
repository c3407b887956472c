import { describe, it, expect } from 'vitest';
import type { Industry } from './business-setup.ts';
import { FEATURE_NAMES, type EnabledFeatures } from './features.ts';
import { buildUserMenu, type UserMenuContext, type UserMenuEntry } from './user-menu.ts';

const allFeatures = (value: boolean): EnabledFeatures =>
  Object.fromEntries(FEATURE_NAMES.map((name) => [name, value])) as EnabledFeatures;

const ctx = (overrides: Partial<UserMenuContext>): UserMenuContext => ({
  kind: 'owner',
  email: 'owner@example.com',
  enabledFeatures: allFeatures(true),
  industry: 'retail',
  isSuperAdmin: false,
  ...overrides,
});

/** Each entry as a short string, so a whole menu reads as one line in the table below. */
const describeEntry = (entry: UserMenuEntry): string => {
  switch (entry.type) {
    case 'label':
      return `label:${entry.text}`;
    case 'link':
      return `${entry.label}->${entry.to}`;
    case 'action':
      return `${entry.label}!${entry.action}`;
  }
};

const menu = (overrides: Partial<UserMenuContext>) => buildUserMenu(ctx(overrides)).map(describeEntry);

describe('buildUserMenu: employee (SPEC §2 Top bar)', () => {
  const full = [
    'Employee POS->/employee-pos',
    'POS->/pos',
    'Orders->/orders',
    'Kitchen->/kitchen',
    'Customers->/customers',
    'Products->/products',
    'Settings->/settings',
    'Pricing->/pricing',
    'Help Center->/help-center',
    'Website->/',
    'End Shift!end-shift',
  ];
  const withoutPos = full.filter((entry) => !entry.startsWith('Employee POS') && !entry.startsWith('POS->'));
  const withoutKitchen = full.filter((entry) => !entry.startsWith('Kitchen'));

  it.each<[string, Industry | null, Partial<EnabledFeatures>, string[]]>([
    ['everything on, retail', 'retail', {}, full],
    ['everything on, restaurant', 'restaurant', {}, full],
    ['everything on, no industry', null, {}, full],
    ['mechanics hides the POS links', 'mechanics', {}, withoutPos],
    ['pos_system off hides the POS links', 'retail', { pos_system: false }, withoutPos],
    ['kitchen_display off hides Kitchen', 'restaurant', { kitchen_display: false }, withoutKitchen],
    [
      'mechanics with kitchen_display off',
      'mechanics',
      { kitchen_display: false },
      withoutPos.filter((entry) => !entry.startsWith('Kitchen')),
    ],
  ])('%s', (_name, industry, features, expected) => {
    expect(menu({ kind: 'employee', industry, enabledFeatures: { ...allFeatures(true), ...features } })).toEqual(expected);
  });

  it('shows neither email, owner label, Super Admin nor Sign Out', () => {
    const entries = menu({ kind: 'employee', isSuperAdmin: true });
    expect(entries.some((entry) => entry.startsWith('label:'))).toBe(false);
    expect(entries).not.toContain('Super Admin->/super-admin');
    expect(entries).not.toContain('Sign Out!sign-out');
  });
});

describe('buildUserMenu: owner (SPEC §2 Top bar)', () => {
  const full = [
    'label:owner@example.com',
    'label:Business Owner',
    'POS->/pos',
    'Orders->/orders',
    'Kitchen->/kitchen',
    'Customers->/customers',
    'Products->/products',
    'Settings->/settings',
    'Pricing->/pricing',
    'Help Center->/help-center',
    'Sign Out!sign-out',
  ];
  const withSuperAdmin = [...full.slice(0, -1), 'Super Admin->/super-admin', 'Sign Out!sign-out'];
  const withoutPos = full.filter((entry) => entry !== 'POS->/pos');

  it.each<[string, Partial<UserMenuContext>, string[]]>([
    ['everything on', {}, full],
    ['super administrator', { isSuperAdmin: true }, withSuperAdmin],
    ['mechanics hides POS', { industry: 'mechanics' }, withoutPos],
    ['pos_system off hides POS', { enabledFeatures: { ...allFeatures(true), pos_system: false } }, withoutPos],
    ['restaurant keeps POS', { industry: 'restaurant' }, full],
    ['kitchen_display off still lists Kitchen', { enabledFeatures: { ...allFeatures(true), kitchen_display: false } }, full],
    ['no email leaves out the email label', { email: undefined }, full.slice(1)],
    ['an empty email leaves out the email label', { email: '' }, full.slice(1)],
    [
      'mechanics super administrator',
      { industry: 'mechanics', isSuperAdmin: true },
      withSuperAdmin.filter((entry) => entry !== 'POS->/pos'),
    ],
  ])('%s', (_name, overrides, expected) => {
    expect(menu({ kind: 'owner', ...overrides })).toEqual(expected);
  });

  it('has no employee-only entries', () => {
    const entries = menu({ kind: 'owner' });
    expect(entries).not.toContain('Employee POS->/employee-pos');
    expect(entries).not.toContain('End Shift!end-shift');
    expect(entries).not.toContain('Website->/');
  });
});

describe('buildUserMenu: anonymous (SPEC §2 Top bar)', () => {
  it.each<Partial<UserMenuContext>>([{}, { isSuperAdmin: true, email: 'x@example.com' }, { industry: 'mechanics', enabledFeatures: allFeatures(false) }])(
    'only Sign In -> /auth with %j',
    (overrides) => {
      expect(buildUserMenu(ctx({ ...overrides, kind: 'anonymous' }))).toEqual([{ type: 'link', label: 'Sign In', to: '/auth' }]);
    },
  );
});

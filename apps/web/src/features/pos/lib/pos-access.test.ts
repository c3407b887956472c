import { allAdminPermissions, allEmployeePermissions, defaultEnabledFeatures } from '@till/core';
import { describe, expect, it } from 'vitest';
import type { StoredEmployeeSession } from '@/lib/employee-session';
import { normalizeMe, SIGNED_OUT_ME, type Me } from '@/lib/me';
import { posAccess, pricesIncludeTax } from './pos-access';

const me = (overrides: Partial<Me> = {}): Me => ({
  ...SIGNED_OUT_ME,
  user: { id: 'u', email: 'o@example.com', phone_number: null, name: 'O' },
  business: { id: 'b', name: 'Shop', currency: 'USD', time_zone: 'UTC' },
  settings: {
    business_name: 'Shop',
    authentication_enabled: true,
    has_business_owner: true,
    enabled_features: defaultEnabledFeatures({ firstTimeSetup: false }),
    prices_include_tax: false,
  },
  is_business_owner: true,
  ...overrides,
});

const session = (role: StoredEmployeeSession['employee_role'], overrides: Partial<StoredEmployeeSession> = {}): StoredEmployeeSession => ({
  employee_id: '00000000-0000-4000-8000-000000000009',
  employee_name: 'Sam',
  employee_role: role,
  permissions: allEmployeePermissions(false),
  login_time: new Date().toISOString(),
  token: 't',
  ...overrides,
});

describe('what the till shows to whom (SPEC §6)', () => {
  it('the owner’s own account may discount and change prices', () => {
    expect(posAccess(me(), null)).toMatchObject({ canDiscount: true, canOverridePrice: true });
  });

  it('a cashier discounts only with can_apply_discounts, and never changes prices', () => {
    expect(posAccess(me(), session('cashier'))).toMatchObject({ canDiscount: false, canOverridePrice: false });
    const allowed = session('cashier', { permissions: { ...allEmployeePermissions(false), can_apply_discounts: true } });
    expect(posAccess(me(), allowed)).toMatchObject({ canDiscount: true, canOverridePrice: false });
  });

  it('a manager always discounts; an admin changes prices only with can_change_prices', () => {
    expect(posAccess(me(), session('manager'))).toMatchObject({ canDiscount: true, canOverridePrice: false });
    expect(posAccess(me(), session('admin'))).toMatchObject({ canDiscount: true, canOverridePrice: false });
    const admin = session('admin', { admin_permissions: { ...allAdminPermissions(false), can_change_prices: true } });
    expect(posAccess(me(), admin).canOverridePrice).toBe(true);
  });

  it('follows the business’s feature switches', () => {
    const features = { ...defaultEnabledFeatures({ firstTimeSetup: false }), customer_management: false, multiple_payments: false };
    const settings = { ...me().settings!, enabled_features: features };
    expect(posAccess(me({ settings }), null)).toMatchObject({ customers: false, multiplePayments: false, barcodeScanning: true });
  });

  it('prices include tax only when the server says so', () => {
    expect(pricesIncludeTax(me())).toBe(false);
    expect(pricesIncludeTax(me({ settings: { ...me().settings!, prices_include_tax: true } }))).toBe(true);
  });

  it('reads prices_include_tax from the settings /api/me sends', () => {
    // The wire shape of GET /api/me (business.routes.ts meSchema): the flag is in settings, not business.
    const wire = {
      user: { id: 'u', email: 'o@example.com', phone_number: null, name: 'O' },
      business: { id: 'b', name: 'Shop', currency: 'USD', time_zone: 'UTC' },
      settings: {
        user_id: 'u',
        business_name: 'Shop',
        authentication_enabled: true,
        has_business_owner: true,
        enabled_features: defaultEnabledFeatures({ firstTimeSetup: false }),
        prices_include_tax: true,
        allow_negative_stock: false,
      },
      is_business_owner: true,
    };
    expect(pricesIncludeTax(normalizeMe(wire))).toBe(true);
    expect(pricesIncludeTax(normalizeMe({ ...wire, settings: { ...wire.settings, prices_include_tax: false } }))).toBe(false);
  });
});

import { defaultEnabledFeatures } from '@till/core';
import { describe, expect, it } from 'vitest';
import type { EditableSettings } from './get-business-settings';
import { settingsPatch } from './update-business-settings';

const before: EditableSettings = {
  business_name: 'Cafe',
  industry: 'restaurant',
  authentication_enabled: false,
  currency: 'EUR',
  time_zone: 'Europe/Berlin',
  prices_include_tax: false,
  has_business_owner: true,
  enabled_features: defaultEnabledFeatures({ firstTimeSetup: true }),
  cash_variance_threshold: 0,
  cashiers_close_own_session: true,
};

const form = {
  business_name: before.business_name,
  industry: before.industry,
  authentication_enabled: before.authentication_enabled,
  currency: before.currency,
  time_zone: before.time_zone,
  prices_include_tax: before.prices_include_tax,
  cash_variance_threshold: before.cash_variance_threshold,
  cashiers_close_own_session: before.cashiers_close_own_session,
  enabled_features: { ...before.enabled_features },
};

describe('settingsPatch', () => {
  it('is empty when nothing changed', () => {
    expect(settingsPatch(before, form)).toEqual({});
  });

  it('carries only the changed fields and switches', () => {
    const after = { ...form, currency: 'KWD', enabled_features: { ...form.enabled_features, kitchen_display: true, pos_system: false } };
    expect(settingsPatch(before, after)).toEqual({ currency: 'KWD', enabled_features: { kitchen_display: true, pos_system: false } });
  });

  it('carries the drawer rules when they changed', () => {
    expect(settingsPatch(before, { ...form, cash_variance_threshold: 500, cashiers_close_own_session: false })).toEqual({
      cash_variance_threshold: 500,
      cashiers_close_own_session: false,
    });
  });

  it('carries the prices-include-tax switch when it was flipped', () => {
    expect(settingsPatch(before, { ...form, prices_include_tax: true })).toEqual({ prices_include_tax: true });
  });
});

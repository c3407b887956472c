import { resolveEnabledFeatures, type EnabledFeatures } from '@till/core';
import type { businessSettings } from '../../db/schema/index.ts';

/** The SPEC §3 shape of business_settings, as the API returns it. */
export interface BusinessSettingsView {
  user_id: string;
  business_name: string;
  authentication_enabled: boolean;
  has_business_owner: boolean;
  enabled_features: EnabledFeatures;
  /** The till prices carts with these (issue 5); not SPEC §3 fields. */
  prices_include_tax: boolean;
  allow_negative_stock: boolean;
}

export function toSettingsView(row: typeof businessSettings.$inferSelect): BusinessSettingsView {
  return {
    user_id: row.userId,
    business_name: row.businessName,
    authentication_enabled: row.authenticationEnabled,
    has_business_owner: row.hasBusinessOwner,
    enabled_features: resolveEnabledFeatures(row.enabledFeatures),
    prices_include_tax: row.pricesIncludeTax,
    allow_negative_stock: row.allowNegativeStock,
  };
}

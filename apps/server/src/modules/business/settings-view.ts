import { resolveEnabledFeatures, type EnabledFeatures } from '@till/core';
import type { businessSettings } from '../../db/schema/index.ts';

/** The SPEC §3 shape of business_settings, as the API returns it. */
export interface BusinessSettingsView {
  user_id: string;
  business_name: string;
  authentication_enabled: boolean;
  has_business_owner: boolean;
  enabled_features: EnabledFeatures;
}

export function toSettingsView(row: typeof businessSettings.$inferSelect): BusinessSettingsView {
  return {
    user_id: row.userId,
    business_name: row.businessName,
    authentication_enabled: row.authenticationEnabled,
    has_business_owner: row.hasBusinessOwner,
    enabled_features: resolveEnabledFeatures(row.enabledFeatures),
  };
}

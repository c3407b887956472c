import type { EnabledFeatures, FeatureName } from './features.ts';

/**
 * A platform-wide switch per SPEC §3 feature, set by the super admin (issue 20 item 1):
 * - default: each business decides (its own enabled_features);
 * - off: off for every business, whatever it chose;
 * - on: on for every business;
 * - selected: on only for the chosen businesses, off for the others.
 */
export const FEATURE_FLAG_MODES = ['default', 'off', 'on', 'selected'] as const;
export type FeatureFlagMode = (typeof FEATURE_FLAG_MODES)[number];

export const FEATURE_FLAG_MODE_LABELS: Record<FeatureFlagMode, string> = {
  default: 'Business decides',
  off: 'Off everywhere',
  on: 'On everywhere',
  selected: 'On for chosen businesses',
};

export interface FeatureFlagOverride {
  feature: FeatureName;
  mode: FeatureFlagMode;
  businessIds: readonly string[];
}

/** A business's features after the platform's switches: the one rule the guard and /api/me both use. */
export function applyFeatureOverrides(features: EnabledFeatures, overrides: readonly FeatureFlagOverride[], businessId: string): EnabledFeatures {
  if (overrides.length === 0) return features;
  const result = { ...features };
  for (const override of overrides) {
    if (!(override.feature in result)) continue;
    if (override.mode === 'off') result[override.feature] = false;
    else if (override.mode === 'on') result[override.feature] = true;
    else if (override.mode === 'selected') result[override.feature] = override.businessIds.includes(businessId);
  }
  return result;
}

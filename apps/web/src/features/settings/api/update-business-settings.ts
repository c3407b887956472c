import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FEATURE_NAMES, INDUSTRIES, type FeatureName } from '@till/core';
import { z } from 'zod';
import { api, dataOf } from '@/lib/api';
import { refreshSettings } from '@/lib/me';
import {
  businessSettingsQueryKey,
  normalizeEditableSettings,
  type EditableSettings,
} from './get-business-settings';

const featureSwitches = z.object(
  Object.fromEntries(FEATURE_NAMES.map((name) => [name, z.boolean()])) as Record<FeatureName, z.ZodBoolean>,
);

/** The settings form: every field the page edits. */
export const updateBusinessSettingsInput = z.object({
  business_name: z.string().trim().min(1, 'Enter the business name').max(120, 'Use at most 120 characters'),
  industry: z.enum(INDUSTRIES),
  authentication_enabled: z.boolean(),
  currency: z.string().regex(/^[A-Z]{3}$/, 'Choose a currency'),
  time_zone: z.string().min(1, 'Choose a time zone'),
  prices_include_tax: z.boolean(),
  cash_variance_threshold: z.number().int().min(0, 'Enter zero or more'),
  cashiers_close_own_session: z.boolean(),
  enabled_features: featureSwitches,
});

export type UpdateBusinessSettingsInput = z.infer<typeof updateBusinessSettingsInput>;

/** PATCH accepts any subset; only what changed is sent, so two people editing different fields do not undo each other. */
export type BusinessSettingsPatch = Partial<Omit<UpdateBusinessSettingsInput, 'enabled_features'>> & {
  enabled_features?: Partial<Record<FeatureName, boolean>>;
};

export function settingsPatch(before: EditableSettings, after: UpdateBusinessSettingsInput): BusinessSettingsPatch {
  const patch: BusinessSettingsPatch = {};
  if (after.business_name !== before.business_name) patch.business_name = after.business_name;
  if (after.industry !== before.industry) patch.industry = after.industry;
  if (after.authentication_enabled !== before.authentication_enabled) patch.authentication_enabled = after.authentication_enabled;
  if (after.currency !== before.currency) patch.currency = after.currency;
  if (after.time_zone !== before.time_zone) patch.time_zone = after.time_zone;
  if (after.prices_include_tax !== before.prices_include_tax) patch.prices_include_tax = after.prices_include_tax;
  if (after.cash_variance_threshold !== before.cash_variance_threshold) patch.cash_variance_threshold = after.cash_variance_threshold;
  if (after.cashiers_close_own_session !== before.cashiers_close_own_session) patch.cashiers_close_own_session = after.cashiers_close_own_session;
  const features: Partial<Record<FeatureName, boolean>> = {};
  for (const name of FEATURE_NAMES) {
    if (after.enabled_features[name] !== before.enabled_features[name]) features[name] = after.enabled_features[name];
  }
  if (Object.keys(features).length > 0) patch.enabled_features = features;
  return patch;
}

export async function updateBusinessSettings(patch: BusinessSettingsPatch): Promise<EditableSettings> {
  const response = await dataOf(api.PATCH('/api/business-settings', { body: patch }));
  return normalizeEditableSettings(response.settings);
}

export function useUpdateBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBusinessSettings,
    onSuccess: async (settings) => {
      queryClient.setQueryData(businessSettingsQueryKey, settings);
      // The sidebar, menus and route gates read /api/me: they change as soon as it is reloaded.
      await refreshSettings(queryClient, settings);
    },
  });
}

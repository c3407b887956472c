import { queryOptions, useQuery } from '@tanstack/react-query';
import { INDUSTRIES, resolveEnabledFeatures, type EnabledFeatures, type Industry } from '@till/core';
import { api, dataOf, type ApiAnswer } from '@/lib/api';

/** GET /api/business-settings: everything the settings page edits. */
export interface EditableSettings {
  business_name: string;
  industry: Industry;
  authentication_enabled: boolean;
  currency: string;
  time_zone: string;
  /** Catalogue prices already hold their tax (VAT-style); the till and receipts show tax as included. */
  prices_include_tax: boolean;
  has_business_owner: boolean;
  enabled_features: EnabledFeatures;
  /** Closing a drawer: over/short above this (minor units) needs a manager's PIN and a note (issue 12). */
  cash_variance_threshold: number;
  cashiers_close_own_session: boolean;
}

/** What the server sends (its route schema); older stored settings may lack newer fields. */
export type RawEditableSettings = ApiAnswer<'/api/business-settings'>['settings'];

export function normalizeEditableSettings(raw: RawEditableSettings): EditableSettings {
  return {
    ...raw,
    // An industry this client does not know yet is shown as retail rather than breaking the form.
    industry: (INDUSTRIES as readonly string[]).includes(raw.industry) ? (raw.industry as Industry) : 'retail',
    enabled_features: resolveEnabledFeatures(raw.enabled_features),
    prices_include_tax: raw.prices_include_tax === true,
    cash_variance_threshold: raw.cash_variance_threshold ?? 0,
    cashiers_close_own_session: raw.cashiers_close_own_session !== false,
  };
}

export async function getBusinessSettings({ signal }: { signal?: AbortSignal } = {}): Promise<EditableSettings> {
  const response = await dataOf(api.GET('/api/business-settings', signal ? { signal } : {}));
  return normalizeEditableSettings(response.settings);
}

export const businessSettingsQueryKey = ['business-settings'] as const;

export function getBusinessSettingsQueryOptions() {
  return queryOptions({
    queryKey: businessSettingsQueryKey,
    queryFn: ({ signal }) => getBusinessSettings({ signal }),
  });
}

export function useBusinessSettings() {
  return useQuery(getBusinessSettingsQueryOptions());
}


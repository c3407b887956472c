import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { resolveEnabledFeatures, type EnabledFeatures } from '@till/core';
import { apiClient, isApiError } from '@/lib/api-client';

/**
 * GET /api/me: who is signed in, with their profile, business and settings. Several features
 * read it (auth redirects, business setup, dashboard), so it lives in lib rather than in one.
 */

export interface MeUser {
  id: string;
  email: string | null;
  phoneNumber: string | null;
  name: string | null;
}

export interface MeProfile {
  user_id: string;
  business_name: string | null;
  full_name: string | null;
  industry: string | null;
}

export interface MeBusiness {
  id: string;
  name: string;
  currency: string;
  time_zone: string;
}

export interface BusinessSettings {
  business_name: string;
  authentication_enabled: boolean;
  has_business_owner: boolean;
  enabled_features: EnabledFeatures;
}

export interface Me {
  user: MeUser | null;
  profile: MeProfile | null;
  business: MeBusiness | null;
  settings: BusinessSettings | null;
  employeeSession: unknown;
  isSuperAdmin: boolean;
}

export type SignedInMe = Me & { user: MeUser };

export const SIGNED_OUT_ME: Me = {
  user: null,
  profile: null,
  business: null,
  settings: null,
  employeeSession: null,
  isSuperAdmin: false,
};

type RawSettings = Omit<BusinessSettings, 'enabled_features'> & {
  enabled_features?: Partial<Record<string, boolean>> | null;
};

/** Stored feature maps can predate newer features: fill the gaps with the defaults. */
export function normalizeSettings(settings: RawSettings | null | undefined): BusinessSettings | null {
  if (!settings) return null;
  return { ...settings, enabled_features: resolveEnabledFeatures(settings.enabled_features) };
}

type RawMe = Partial<Omit<Me, 'settings'>> & { settings?: RawSettings | null };

export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<Me> {
  try {
    const raw = await apiClient.get<RawMe>('/api/me', signal ? { signal } : {});
    return {
      user: raw.user ?? null,
      profile: raw.profile ?? null,
      business: raw.business ?? null,
      settings: normalizeSettings(raw.settings),
      employeeSession: raw.employeeSession ?? null,
      isSuperAdmin: raw.isSuperAdmin === true,
    };
  } catch (error) {
    // A missing or expired session is "signed out", not a failure to load.
    if (isApiError(error) && error.status === 401) return SIGNED_OUT_ME;
    throw error;
  }
}

export const meQueryKey = ['me'] as const;

export function getMeQueryOptions() {
  return queryOptions({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe({ signal }),
  });
}

export function useMe() {
  return useQuery(getMeQueryOptions());
}

/** Put fresh settings from a mutation into the cached me, then reload it from the server. */
export async function refreshSettings(queryClient: QueryClient, settings: RawSettings | null | undefined) {
  const normalized = normalizeSettings(settings);
  if (normalized) {
    queryClient.setQueryData<Me>(meQueryKey, (me) => (me ? { ...me, settings: normalized } : me));
  }
  await queryClient.invalidateQueries({ queryKey: meQueryKey });
}

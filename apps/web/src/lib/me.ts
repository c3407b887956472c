import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { resolveEnabledFeatures, type EnabledFeatures } from '@till/core';
import { api, dataOf, type ApiAnswer } from '@/lib/api';
import { isApiError } from '@/lib/api-client';
import { browserStorage, clearProfileCache, readProfileCache, writeProfileCache } from '@/lib/profile-cache';

/**
 * GET /api/me: who is signed in, with their profile, business and settings. Several features
 * read it (auth redirects, business setup, dashboard, the shell), so it lives in lib.
 */

/** GET /api/me's answer: the server's route schema (the typed client's generated types). */
type MeAnswer = ApiAnswer<'/api/me'>;
export type MeUser = NonNullable<MeAnswer['user']>;
export type MeProfile = NonNullable<MeAnswer['profile']>;
export type MeBusiness = NonNullable<MeAnswer['business']>;

export interface BusinessSettings {
  business_name: string;
  authentication_enabled: boolean;
  has_business_owner: boolean;
  enabled_features: EnabledFeatures;
  /** Catalogue prices already hold their tax: the till prices carts with it (issue 11). */
  prices_include_tax: boolean;
}

/** This browser is a paired till (issue 10): no account is signed in on it. */
export type MeTill = NonNullable<MeAnswer['till']>;

export interface Me {
  user: MeUser | null;
  till: MeTill | null;
  profile: MeProfile | null;
  business: MeBusiness | null;
  settings: BusinessSettings | null;
  employee_session: unknown;
  is_super_admin: boolean;
  /** The signed-in account owns the business (SPEC §6 guard). */
  is_business_owner: boolean;
  /** The session still owes its second step (decision 045): only the sign-in screen is shown. */
  second_step: 'challenge' | 'enroll' | null;
}

export type SignedInMe = Me & { user: MeUser };

export const SIGNED_OUT_ME: Me = {
  user: null,
  till: null,
  profile: null,
  business: null,
  settings: null,
  employee_session: null,
  is_super_admin: false,
  is_business_owner: false,
  second_step: null,
};

type RawSettings = Omit<BusinessSettings, 'enabled_features' | 'prices_include_tax'> & {
  enabled_features?: Partial<Record<string, boolean>> | null;
  prices_include_tax?: boolean | null;
};

/** Stored feature maps can predate newer features: fill the gaps with the defaults. */
export function normalizeSettings(settings: RawSettings | null | undefined): BusinessSettings | null {
  if (!settings) return null;
  return {
    business_name: settings.business_name,
    authentication_enabled: settings.authentication_enabled === true,
    has_business_owner: settings.has_business_owner === true,
    enabled_features: resolveEnabledFeatures(settings.enabled_features),
    prices_include_tax: settings.prices_include_tax === true,
  };
}

type RawMe = Partial<Omit<Me, 'settings'>> & { settings?: RawSettings | null };

export function normalizeMe(raw: RawMe): Me {
  return {
    user: raw.user ?? null,
    till: raw.till ?? null,
    profile: raw.profile ?? null,
    business: raw.business ?? null,
    settings: normalizeSettings(raw.settings),
    employee_session: raw.employee_session ?? null,
    is_super_admin: raw.is_super_admin === true,
    is_business_owner: raw.is_business_owner === true,
    second_step: raw.second_step ?? null,
  };
}

const hasId = (value: unknown) => typeof value === 'object' && value !== null && typeof (value as { id?: unknown }).id === 'string';

/** Only a signed-in (or paired-till) answer is worth caching; anything else in storage is discarded. */
function isCachedMe(value: unknown): value is RawMe {
  if (typeof value !== 'object' || value === null) return false;
  return hasId((value as { user?: unknown }).user) || hasId((value as { till?: unknown }).till);
}

/** SPEC §9: the last signed-in /api/me, when it is under 5 minutes old. */
export function cachedMe(now = Date.now()): { me: Me; savedAt: number } | null {
  const entry = readProfileCache(browserStorage(), now, isCachedMe);
  return entry ? { me: normalizeMe(entry.value), savedAt: entry.savedAt } : null;
}

export function forgetCachedMe(): void {
  clearProfileCache(browserStorage());
}

export async function getMe({ signal }: { signal?: AbortSignal } = {}): Promise<Me> {
  try {
    const me = normalizeMe(await dataOf(api.GET('/api/me', signal ? { signal } : {})));
    // A session still owing its second step is not worth drawing a page from later.
    if ((me.user && !me.second_step) || me.till) writeProfileCache(browserStorage(), me, Date.now());
    else forgetCachedMe();
    return me;
  } catch (error) {
    // A missing or expired session is "signed out", not a failure to load.
    if (isApiError(error) && error.status === 401) {
      forgetCachedMe();
      return SIGNED_OUT_ME;
    }
    throw error;
  }
}

export const meQueryKey = ['me'] as const;

export function getMeQueryOptions() {
  return queryOptions<Me, Error, Me, typeof meQueryKey>({
    queryKey: meQueryKey,
    queryFn: ({ signal }) => getMe({ signal }),
    // The cached profile draws the page at once; the server's answer always follows, so a
    // session ended elsewhere is noticed on the next load rather than 5 minutes later.
    placeholderData: () => cachedMe()?.me,
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

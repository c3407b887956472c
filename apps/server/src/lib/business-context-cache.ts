import { createTtlCache } from './ttl-cache.ts';

/**
 * Which business a signed-in account belongs to, who owns it and its feature switches: read on
 * every business request, changed almost never. Cached by user id for a few seconds once the
 * business has settings. A settings change in this process drops its business's entries at
 * once; another process behind the same load balancer sees it within BUSINESS_CONTEXT_TTL_MS
 * (the same trade as the session cache).
 */
export const BUSINESS_CONTEXT_TTL_MS = 5_000;

export interface BusinessContext {
  businessId: string;
  ownerUserId: string;
  enabledFeatures: unknown;
}

export interface BusinessContextCache {
  get(userId: string, now?: number): BusinessContext | undefined;
  set(userId: string, context: BusinessContext, now?: number): void;
  forgetBusiness(businessId: string): void;
}

export function createBusinessContextCache(ttlMs = BUSINESS_CONTEXT_TTL_MS): BusinessContextCache {
  const cache = createTtlCache<BusinessContext>(ttlMs);
  return {
    get: cache.get,
    set: cache.set,
    forgetBusiness: (businessId) => cache.forgetWhere((context) => context.businessId === businessId),
  };
}

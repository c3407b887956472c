import { createTtlCache } from './ttl-cache.ts';

/**
 * Which business a signed-in account belongs to, who owns it and its feature switches: read on
 * every business request, changed almost never. Cached by user id for a few seconds once the
 * business has settings. A change to the settings or the business row drops its entries in
 * every process, told by PostgreSQL when the change commits (decision 009); the time to live
 * bounds what a process could miss while its LISTEN connection is down.
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
  clear(): void;
}

export function createBusinessContextCache(ttlMs = BUSINESS_CONTEXT_TTL_MS): BusinessContextCache {
  const cache = createTtlCache<BusinessContext>(ttlMs);
  return {
    get: cache.get,
    set: cache.set,
    forgetBusiness: (businessId) => cache.forgetWhere((context) => context.businessId === businessId),
    clear: cache.clear,
  };
}

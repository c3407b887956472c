import { createTtlCache } from './ttl-cache.ts';

/**
 * Which business a signed-in account belongs to, who owns it and its feature switches: read on
 * every business request, changed almost never. Cached by user id for a few seconds once the
 * business has settings. A change to the settings or the business row drops its entries in
 * every process, told by PostgreSQL when the change commits (decision 013); the time to live
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
  /**
   * The cached context, or `load()`'s answer (cached once the business has settings: until then
   * the defaults apply and creating them changes them). Lookups already under way are shared.
   */
  resolve(userId: string, load: () => Promise<BusinessContext | null>): Promise<BusinessContext | null>;
  set(userId: string, context: BusinessContext, now?: number): void;
  forgetBusiness(businessId: string): void;
  clear(): void;
}

export function createBusinessContextCache(ttlMs = BUSINESS_CONTEXT_TTL_MS): BusinessContextCache {
  const cache = createTtlCache<BusinessContext>(ttlMs);
  const loading = new Map<string, Promise<BusinessContext | null>>();
  return {
    get: cache.get,
    async resolve(userId, load) {
      const cached = cache.get(userId);
      if (cached) return cached;
      let pending = loading.get(userId);
      if (!pending) {
        pending = load()
          .then((context) => {
            if (context?.enabledFeatures && loading.get(userId) === pending) cache.set(userId, context);
            return context;
          })
          .finally(() => {
            if (loading.get(userId) === pending) loading.delete(userId);
          });
        loading.set(userId, pending);
      }
      return pending;
    },
    set: cache.set,
    forgetBusiness: (businessId) => {
      loading.clear();
      cache.forgetWhere((context) => context.businessId === businessId);
    },
    clear: () => {
      loading.clear();
      cache.clear();
    },
  };
}

/**
 * Which business a signed-in account belongs to, who owns it and its feature switches: read on
 * every business request, changed almost never. Cached by user id for a few seconds once the
 * business has settings. A settings change in this process drops its business's entries at
 * once; another process behind the same load balancer sees it within BUSINESS_CONTEXT_TTL_MS
 * (the same trade as the session cache).
 */
export const BUSINESS_CONTEXT_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;

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
  const entries = new Map<string, { context: BusinessContext; expiresAt: number }>();
  return {
    get(userId, now = Date.now()) {
      const entry = entries.get(userId);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        entries.delete(userId);
        return undefined;
      }
      return entry.context;
    },
    set(userId, context, now = Date.now()) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(userId, { context, expiresAt: now + ttlMs });
    },
    forgetBusiness(businessId) {
      for (const [userId, entry] of entries) if (entry.context.businessId === businessId) entries.delete(userId);
    },
  };
}

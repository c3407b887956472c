/**
 * A bounded in-process map whose entries expire `ttlMs` after they were set. Shared by the
 * caches of the request path (session-cache.ts, business-context-cache.ts); when full, the
 * oldest entry makes room.
 */
export interface TtlCache<V> {
  get(key: string, now?: number): V | undefined;
  set(key: string, value: V, now?: number): void;
  /** Drops every entry whose value matches. */
  forgetWhere(matches: (value: V) => boolean): void;
  clear(): void;
}

export function createTtlCache<V>(ttlMs: number, maxEntries = 10_000): TtlCache<V> {
  const entries = new Map<string, { value: V; expiresAt: number }>();
  return {
    get(key, now = Date.now()) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        entries.delete(key);
        return undefined;
      }
      return entry.value;
    },
    set(key, value, now = Date.now()) {
      if (entries.size >= maxEntries) entries.delete(entries.keys().next().value!);
      entries.set(key, { value, expiresAt: now + ttlMs });
    },
    forgetWhere(matches) {
      for (const [key, entry] of entries) if (matches(entry.value)) entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}

/**
 * SPEC §9: the profile (GET /api/me) is cached in local storage for 5 minutes, so a reload
 * draws the shell at once while the fresh answer is fetched.
 */

export const PROFILE_CACHE_KEY = 'till.profile-cache';
export const PROFILE_CACHE_MAX_AGE_MS = 5 * 60 * 1000;

/** The slice of Web Storage the cache uses, so tests can pass a plain object. */
export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

interface CacheEntry<T> {
  savedAt: number;
  value: T;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** The cached value when present, readable and younger than 5 minutes; anything else is removed. */
export function readProfileCache<T>(
  storage: KeyValueStorage | null,
  now: number,
  isValue: (value: unknown) => value is T,
): { value: T; savedAt: number } | null {
  if (!storage) return null;
  let raw: string | null;
  try {
    raw = storage.getItem(PROFILE_CACHE_KEY);
  } catch {
    return null;
  }
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    parsed = null;
  }
  const savedAt = isRecord(parsed) ? parsed['savedAt'] : undefined;
  const value = isRecord(parsed) ? parsed['value'] : undefined;
  // A timestamp from the future (a clock moved back) cannot prove the entry is young.
  const fresh = typeof savedAt === 'number' && savedAt <= now && now - savedAt < PROFILE_CACHE_MAX_AGE_MS;
  if (!fresh || !isValue(value)) {
    clearProfileCache(storage);
    return null;
  }
  return { value, savedAt };
}

export function writeProfileCache<T>(storage: KeyValueStorage | null, value: T, now: number): void {
  if (!storage) return;
  const entry: CacheEntry<T> = { savedAt: now, value };
  try {
    storage.setItem(PROFILE_CACHE_KEY, JSON.stringify(entry));
  } catch {
    // A full or disabled storage only costs the cache, never the page.
  }
}

export function clearProfileCache(storage: KeyValueStorage | null): void {
  try {
    storage?.removeItem(PROFILE_CACHE_KEY);
  } catch {
    // Nothing to clear when storage is unavailable.
  }
}

/** localStorage, or null where it is missing or blocked (private modes, tests). */
export function browserStorage(): KeyValueStorage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    return null;
  }
}

import { describe, expect, it } from 'vitest';
import { PROFILE_CACHE_KEY, PROFILE_CACHE_MAX_AGE_MS, clearProfileCache, readProfileCache, writeProfileCache, type KeyValueStorage } from './profile-cache';

function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => data[key] ?? null,
    setItem: (key, value) => {
      data[key] = value;
    },
    removeItem: (key) => {
      delete data[key];
    },
  };
}

const isName = (value: unknown): value is { name: string } =>
  typeof value === 'object' && value !== null && typeof (value as { name?: unknown }).name === 'string';

describe('profile cache (SPEC §9: 5 minutes in local storage)', () => {
  const t0 = 1_700_000_000_000;

  it('returns what was written while younger than 5 minutes', () => {
    const storage = memoryStorage();
    writeProfileCache(storage, { name: 'Ann' }, t0);
    expect(readProfileCache(storage, t0, isName)).toEqual({ value: { name: 'Ann' }, savedAt: t0 });
    expect(readProfileCache(storage, t0 + PROFILE_CACHE_MAX_AGE_MS - 1, isName)?.value).toEqual({ name: 'Ann' });
  });

  it('expires at exactly 5 minutes and removes the entry', () => {
    const storage = memoryStorage();
    writeProfileCache(storage, { name: 'Ann' }, t0);
    expect(readProfileCache(storage, t0 + PROFILE_CACHE_MAX_AGE_MS, isName)).toBeNull();
    expect(storage.data[PROFILE_CACHE_KEY]).toBeUndefined();
  });

  it('stores under till.profile-cache with a timestamp', () => {
    const storage = memoryStorage();
    writeProfileCache(storage, { name: 'Ann' }, t0);
    expect(JSON.parse(storage.data['till.profile-cache'] ?? '')).toEqual({ savedAt: t0, value: { name: 'Ann' } });
  });

  it('discards entries from the future, malformed JSON and values of the wrong shape', () => {
    for (const raw of [
      JSON.stringify({ savedAt: t0 + 60_000, value: { name: 'Ann' } }),
      '{not json',
      JSON.stringify({ savedAt: t0, value: { nope: true } }),
      JSON.stringify({ value: { name: 'Ann' } }),
      JSON.stringify([1, 2]),
    ]) {
      const storage = memoryStorage({ [PROFILE_CACHE_KEY]: raw });
      expect(readProfileCache(storage, t0, isName)).toBeNull();
      expect(storage.data[PROFILE_CACHE_KEY]).toBeUndefined();
    }
  });

  it('clears on demand, and tolerates missing or throwing storage', () => {
    const storage = memoryStorage();
    writeProfileCache(storage, { name: 'Ann' }, t0);
    clearProfileCache(storage);
    expect(readProfileCache(storage, t0, isName)).toBeNull();

    expect(readProfileCache(null, t0, isName)).toBeNull();
    const broken: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => writeProfileCache(broken, { name: 'Ann' }, t0)).not.toThrow();
    expect(readProfileCache(broken, t0, isName)).toBeNull();
    expect(() => clearProfileCache(broken)).not.toThrow();
  });
});

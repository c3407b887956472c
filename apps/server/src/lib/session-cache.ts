import type { SignedInAccount } from './context.ts';
import { createTtlCache } from './ttl-cache.ts';

/**
 * better-auth's session lookup costs two queries and a signature check (~9 ms here) on every
 * request. Signed-in accounts are cached by session token for a few seconds. Sign-out and
 * password reset in this process drop the entries at once; every process drops a session's
 * entry when PostgreSQL tells it the session row was deleted (decision 013), and the time to
 * live bounds what a process could miss while its LISTEN connection is down.
 */
export const SESSION_CACHE_TTL_MS = 10_000;

export interface SessionCache {
  get(token: string, now?: number): SignedInAccount | undefined;
  /**
   * The cached account, or `load()`'s answer cached; lookups of one token already under way are
   * shared, so a burst (every till reconnecting after a restart) costs one lookup per session.
   */
  resolve(token: string, load: () => Promise<SignedInAccount | null>): Promise<SignedInAccount | null>;
  set(token: string, account: SignedInAccount, now?: number): void;
  forgetUser(userId: string): void;
  forgetSession(sessionId: string): void;
  clear(): void;
}

export function createSessionCache(ttlMs = SESSION_CACHE_TTL_MS): SessionCache {
  const cache = createTtlCache<SignedInAccount>(ttlMs);
  const loading = new Map<string, Promise<SignedInAccount | null>>();
  return {
    get: cache.get,
    async resolve(token, load) {
      const cached = cache.get(token);
      if (cached) return cached;
      let pending = loading.get(token);
      if (!pending) {
        pending = load()
          .then((account) => {
            // Not if the session ended while it was being read (a forget dropped this lookup).
            if (account && loading.get(token) === pending) cache.set(token, account);
            return account;
          })
          .finally(() => {
            if (loading.get(token) === pending) loading.delete(token);
          });
        loading.set(token, pending);
      }
      return pending;
    },
    set: cache.set,
    forgetUser: (userId) => {
      loading.clear();
      cache.forgetWhere((account) => account.user.id === userId);
    },
    forgetSession: (sessionId) => {
      loading.clear();
      cache.forgetWhere((account) => account.sessionId === sessionId);
    },
    clear: () => {
      loading.clear();
      cache.clear();
    },
  };
}

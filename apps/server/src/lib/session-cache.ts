import type { SignedInAccount } from './context.ts';
import { createTtlCache } from './ttl-cache.ts';

/**
 * better-auth's session lookup costs two queries and a signature check (~9 ms here) on every
 * request. Signed-in accounts are cached by session token for a few seconds. Sign-out and
 * password reset in this process drop the entries at once; every process drops a session's
 * entry when PostgreSQL tells it the session row was deleted (decision 009), and the time to
 * live bounds what a process could miss while its LISTEN connection is down.
 */
export const SESSION_CACHE_TTL_MS = 10_000;

export interface SessionCache {
  get(token: string, now?: number): SignedInAccount | undefined;
  set(token: string, account: SignedInAccount, now?: number): void;
  forgetUser(userId: string): void;
  forgetSession(sessionId: string): void;
  clear(): void;
}

export function createSessionCache(ttlMs = SESSION_CACHE_TTL_MS): SessionCache {
  const cache = createTtlCache<SignedInAccount>(ttlMs);
  return {
    get: cache.get,
    set: cache.set,
    forgetUser: (userId) => cache.forgetWhere((account) => account.user.id === userId),
    forgetSession: (sessionId) => cache.forgetWhere((account) => account.sessionId === sessionId),
    clear: cache.clear,
  };
}

import type { SignedInAccount } from './context.ts';

/**
 * better-auth's session lookup costs two queries and a signature check (~9 ms here) on every
 * request. Signed-in accounts are cached by session token for a few seconds. Sign-out and
 * password reset in this process drop the entries at once; another process behind the same
 * load balancer notices a revoked session within SESSION_CACHE_TTL_MS.
 */
export const SESSION_CACHE_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

export interface SessionCache {
  get(token: string, now?: number): SignedInAccount | undefined;
  set(token: string, account: SignedInAccount, now?: number): void;
  forgetUser(userId: string): void;
  clear(): void;
}

export function createSessionCache(ttlMs = SESSION_CACHE_TTL_MS): SessionCache {
  const entries = new Map<string, { account: SignedInAccount; expiresAt: number }>();
  return {
    get(token, now = Date.now()) {
      const entry = entries.get(token);
      if (!entry) return undefined;
      if (entry.expiresAt <= now) {
        entries.delete(token);
        return undefined;
      }
      return entry.account;
    },
    set(token, account, now = Date.now()) {
      if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
      entries.set(token, { account, expiresAt: now + ttlMs });
    },
    forgetUser(userId) {
      for (const [token, entry] of entries) if (entry.account.user.id === userId) entries.delete(token);
    },
    clear() {
      entries.clear();
    },
  };
}

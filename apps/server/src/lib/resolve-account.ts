import { MESSAGES } from '@till/core';
import { AppError } from './app-error.ts';
import type { Services, SignedInAccount } from './context.ts';

const SESSION_COOKIE = /(?:^|;\s*)better-auth\.session_token=([^;]+)/;

/**
 * The account whose session cookie the request carries, or null. The same function reads an
 * HTTP request and a websocket's upgrade request (realtime/socket-server.ts), so both accept
 * exactly the same sessions. Cached for a few seconds (decision 006); every process drops an
 * entry as soon as the session row is deleted (decision 013).
 */
export async function resolveAccount(services: Services, headers: Headers): Promise<SignedInAccount | null> {
  const token = SESSION_COOKIE.exec(headers.get('cookie') ?? '')?.[1];
  if (!token) return null;
  const { sessionCache, accounts } = services;
  return sessionCache.resolve(token, () => accounts.readSession(headers));
}

/**
 * SPEC §8 "Auth session or user missing" (401): the session cache still held the account, but
 * its user is gone by now (deleted by a super admin or in another process a moment ago). The
 * session is dropped, so the next request is simply "Auth session missing!". Every route that
 * needs the session's user asks this, in routing.ts and tenant.ts.
 */
export async function assertSessionUserExists(services: Services, account: SignedInAccount): Promise<void> {
  if (await services.accounts.userExists(account.user.id)) return;
  services.sessionCache.forgetSession(account.sessionId);
  throw new AppError(401, 'session_not_found', MESSAGES.authSessionOrUserMissing);
}

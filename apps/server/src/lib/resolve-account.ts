import { MESSAGES } from '@till/core';
import { AppError } from './app-error.ts';
import type { Services, SignedInAccount } from './context.ts';

const SESSION_COOKIE = /(?:^|;\s*)better-auth\.session_token=([^;]+)/;
const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

/**
 * Whether an access token's `exp` has passed. Read on every request, because a verified token stays
 * in the session cache for seconds and must not outlive its own expiry there; a token whose payload
 * cannot be read counts as expired (the full check runs when it is not cached).
 */
function accessTokenExpired(token: string): boolean {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof payload.exp !== 'number' || payload.exp * 1000 <= Date.now();
  } catch {
    return true;
  }
}

/**
 * The account whose session cookie the request carries, or null. The same function reads an
 * HTTP request and a websocket's upgrade request (realtime/socket-server.ts), so both accept
 * exactly the same sessions. Cached for a few seconds (decision 006); every process drops an
 * entry as soon as the session row is deleted (decision 013).
 */
export async function resolveAccount(services: Services, headers: Headers): Promise<SignedInAccount | null> {
  const { sessionCache, accounts } = services;
  const token = SESSION_COOKIE.exec(headers.get('cookie') ?? '')?.[1];
  if (!token) {
    // An access token (decision 063) names a session too; cached under its own key for as long.
    const bearer = BEARER.exec(headers.get('authorization') ?? '')?.[1];
    if (!bearer || accessTokenExpired(bearer)) return null;
    return sessionCache.resolve(`bearer:${bearer}`, () => accounts.readAccessToken(bearer));
  }
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

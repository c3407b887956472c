import type { Services, SignedInAccount } from './context.ts';

const SESSION_COOKIE = /(?:^|;\s*)better-auth\.session_token=([^;]+)/;
const BEARER = /^Bearer ([A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+)$/i;

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
    return bearer ? sessionCache.resolve(`bearer:${bearer}`, () => accounts.readAccessToken(bearer)) : null;
  }
  return sessionCache.resolve(token, () => accounts.readSession(headers));
}

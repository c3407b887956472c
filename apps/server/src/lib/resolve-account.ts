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

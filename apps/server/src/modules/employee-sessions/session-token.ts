import { createHmac, timingSafeEqual } from 'node:crypto';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const signatureOf = (secret: string, sessionId: string) => createHmac('sha256', secret).update(sessionId).digest();

/** `<sessionId>.<HMAC-SHA256(secret, sessionId) in base64url>`: nothing secret is stored in the database. */
export function signSessionToken(secret: string, sessionId: string): string {
  return `${sessionId}.${signatureOf(secret, sessionId).toString('base64url')}`;
}

/** The session id a token names, when its signature is ours (compared in constant time); else null. */
export function readSessionToken(secret: string, token: string): string | null {
  if (token.length > 200) return null;
  const [sessionId, signature, ...rest] = token.split('.');
  if (!sessionId || !signature || rest.length > 0 || !UUID.test(sessionId)) return null;
  const given = Buffer.from(signature, 'base64url');
  const expected = signatureOf(secret, sessionId);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  return sessionId;
}

import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { isHttpsRequest } from '../../lib/auth-cookies.ts';
import type { AppEnv, RegisterCredential } from '../../lib/context.ts';

/**
 * A paired till keeps `<register id>.<secret>` in this HttpOnly cookie: scripts on the page never
 * see it, and it is no account session (ARCHITECTURE "Credentials"). Only the secret's SHA-256
 * is stored; the secret is 32 random bytes, so a fast hash is enough.
 */
export const REGISTER_COOKIE = 'till_register';
/** Browsers keep a cookie at most 400 days; a till in daily use renews it on each pairing. */
const REGISTER_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

export const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

export function newRegisterSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** The credential a cookie value names when it is well formed; nothing is checked against the database here. */
export function parseRegisterCredential(value: string | undefined): RegisterCredential | null {
  if (!value || value.length > 120) return null;
  const [registerId, secret, ...rest] = value.split('.');
  if (!registerId || !secret || rest.length > 0 || !UUID.test(registerId) || !SECRET.test(secret)) return null;
  return { registerId, secret };
}

export function secretMatches(secret: string, storedHash: string | null): boolean {
  if (!storedHash) return false;
  const given = Buffer.from(hashSecret(secret), 'hex');
  const stored = Buffer.from(storedHash, 'hex');
  return given.length === stored.length && timingSafeEqual(given, stored);
}

export function readRegisterCookie(c: Context<AppEnv>): RegisterCredential | null {
  return parseRegisterCredential(getCookie(c, REGISTER_COOKIE));
}

export function setRegisterCookie(c: Context<AppEnv>, registerId: string, secret: string): void {
  setCookie(c, REGISTER_COOKIE, `${registerId}.${secret}`, {
    httpOnly: true,
    sameSite: 'Lax',
    path: '/',
    maxAge: REGISTER_COOKIE_MAX_AGE_SECONDS,
    secure: isHttpsRequest(c),
  });
}

export function clearRegisterCookie(c: Context<AppEnv>): void {
  deleteCookie(c, REGISTER_COOKIE, { path: '/' });
}

/** Letters and digits nobody confuses when reading them off a screen (no 0/O, 1/I/L). */
const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
export const PAIRING_CODE_LENGTH = 8;

/** A one-time pairing code, shown as `ABCD-EFGH` (31^8 ≈ 8.5 × 10^11 codes). */
export function newPairingCode(): string {
  let code = '';
  for (let index = 0; index < PAIRING_CODE_LENGTH; index++) code += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

/** What a person typed, made comparable: case, spaces and dashes do not matter. */
export function normalizePairingCode(typed: string): string | null {
  const code = typed.toUpperCase().replace(/[\s-]/g, '');
  if (code.length !== PAIRING_CODE_LENGTH || [...code].some((char) => !CODE_ALPHABET.includes(char))) return null;
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}

import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { isHttpsRequest } from './auth-cookies.ts';
import type { AppEnv, RegisterCredential } from './context.ts';

/**
 * A paired till keeps `<register id>.<secret>` in this HttpOnly cookie: scripts on the page never
 * see it, and it is no account session (ARCHITECTURE "Credentials").
 * The secret's checks live with the registers module (register-credential.ts).
 */
export const REGISTER_COOKIE = 'till_register';
/** Browsers keep a cookie at most 400 days; a till in daily use renews it on each pairing. */
const REGISTER_COOKIE_MAX_AGE_SECONDS = 400 * 24 * 60 * 60;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** The credential a cookie value names when it is well formed; nothing is checked against the database here. */
export function parseRegisterCredential(value: string | undefined): RegisterCredential | null {
  if (!value || value.length > 120) return null;
  const [registerId, secret, ...rest] = value.split('.');
  if (!registerId || !secret || rest.length > 0 || !UUID.test(registerId) || !SECRET.test(secret)) return null;
  return { registerId, secret };
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

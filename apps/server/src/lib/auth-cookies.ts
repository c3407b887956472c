import type { Context } from 'hono';
import type { AppEnv } from './context.ts';

/** The request reached us over HTTPS (itself, or behind a proxy we trust): cookies get Secure. */
export function isHttpsRequest(c: Context<AppEnv>): boolean {
  if (new URL(c.req.url).protocol === 'https:') return true;
  return c.var.services.config.trustProxy && c.req.header('x-forwarded-proto')?.split(',')[0]?.trim() === 'https';
}

/** Copies better-auth's Set-Cookie headers onto our response; Secure is added behind HTTPS. */
export function forwardAuthCookies(c: Context<AppEnv>, headers: Headers): void {
  const secure = isHttpsRequest(c);
  for (const cookie of headers.getSetCookie()) {
    c.header('Set-Cookie', secure && !/;\s*secure/i.test(cookie) ? `${cookie}; Secure` : cookie, { append: true });
  }
}

/** The request headers better-auth needs: the session cookie, the client address and agent. */
export function authHeadersFor(c: Context<AppEnv>): Headers {
  const headers = new Headers();
  const cookie = c.req.header('cookie');
  if (cookie) headers.set('cookie', cookie);
  const userAgent = c.req.header('user-agent');
  if (userAgent) headers.set('user-agent', userAgent);
  headers.set('x-forwarded-for', c.var.clientAddress);
  return headers;
}

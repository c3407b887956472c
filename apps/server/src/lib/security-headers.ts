import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

/**
 * The Content-Security-Policy the built web app runs under: its own scripts only (Vite emits no
 * inline script; WebAssembly may be compiled from its own files), styles from its own files plus the <style> elements Radix's scroll lock
 * inserts, pictures from itself and data:/blob: previews, sockets and fetches to itself.
 */
export function contentSecurityPolicy(frameAncestors: string): string {
  return [
    "default-src 'self'",
    // WebAssembly may be compiled (the camera's barcode reader, ZXing), never JavaScript from text.
    "script-src 'self' 'wasm-unsafe-eval'",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    "media-src 'self' data: blob:",
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${frameAncestors}`,
  ].join('; ');
}

/**
 * Security headers on every answer (issue 9 item 10). No page may be framed unless its route
 * says otherwise by setting `frameAncestors` (the chat widget's embed page lists the business's
 * own origins there) before the answer is made. JSON from /api is personal: never stored by a
 * cache unless its route chose a Cache-Control of its own (signed downloads do).
 */
export const securityHeaders: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const headers = c.res.headers;
  const frameAncestors = c.get('frameAncestors') ?? "'none'";
  headers.set('Content-Security-Policy', contentSecurityPolicy(frameAncestors));
  if (frameAncestors === "'none'") headers.set('X-Frame-Options', 'DENY');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  if (c.req.path.startsWith('/api/') && !headers.has('Cache-Control')) headers.set('Cache-Control', 'no-store');
};

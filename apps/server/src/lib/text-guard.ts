import { isWellFormedText } from '@till/core';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './context.ts';

const MESSAGE = 'Text may not contain NUL characters or broken UTF-16 (lone surrogates)';

/** A string PostgreSQL can store in text and jsonb: no NUL, well-formed UTF-16. */
export function isStorableText(text: string): boolean {
  return !text.includes('\u0000') && isWellFormedText(text);
}

function hasUnstorableText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (depth > 64 || value === null || typeof value !== 'object') return false;
  if (Array.isArray(value)) return value.some((item) => hasUnstorableText(item, depth + 1));
  return Object.entries(value).some(([key, item]) => !isStorableText(key) || hasUnstorableText(item, depth + 1));
}

/**
 * One guard for every API input (issue 9 item 5): PostgreSQL refuses NUL in text and lone
 * surrogates in jsonb, so such a value would otherwise fail deep in a query as a 500. Path, query
 * and JSON body are checked before any route reads them, so no route can forget; routes still
 * narrow their own texts further (core's singleLine and multiLine refuse control characters).
 */
export function textGuard(options: {
  bodyReadElsewhere: (path: string) => boolean;
  /** Routes that judge their own texts with their own codes (storage names: SPEC §8 invalid_object_name). */
  checksOwnText: (path: string) => boolean;
}): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (options.checksOwnText(c.req.path)) return next();
    let decoded: string;
    try {
      decoded = decodeURIComponent(new URL(c.req.url).pathname + new URL(c.req.url).search.replace(/\+/g, ' '));
    } catch {
      return c.json({ error: { code: 'invalid_text', message: 'The address holds a broken character encoding' } }, 400);
    }
    if (!isStorableText(decoded)) return c.json({ error: { code: 'invalid_text', message: MESSAGE } }, 400);
    // Upload routes read their own (large, binary) bodies under their own limits: not parsed here.
    const isJson = /^application\/(.+\+)?json\b/i.test(c.req.header('content-type') ?? '');
    if (isJson && !['GET', 'HEAD'].includes(c.req.method) && !options.bodyReadElsewhere(c.req.path)) {
      let body: unknown;
      try {
        body = await c.req.json();
      } catch {
        // Not JSON at all: the route's validator answers malformed_json.
        return next();
      }
      if (hasUnstorableText(body)) return c.json({ error: { code: 'invalid_text', message: MESSAGE } }, 400);
    }
    return next();
  };
}

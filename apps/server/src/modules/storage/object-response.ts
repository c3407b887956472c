import { Readable } from 'node:stream';
import { cacheControlHeader } from '@till/core';
import type { Context } from 'hono';
import type { ObjectBody } from './storage-service.ts';

/** Shown in the browser; anything else is a download, so a stored HTML or SVG never runs as our page. */
const INLINE_TYPES = /^(image\/(jpeg|png|webp|gif|avif)|application\/pdf|text\/plain|text\/csv|application\/json)$/;

function contentDisposition(kind: 'inline' | 'attachment', requested: string): string {
  // A download name comes from a query string or a signed claim: keep it printable and well formed.
  // eslint-disable-next-line no-control-regex
  const fileName = requested.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '_').replace(/[\u0000-\u001f\u007f-\u009f/\\]/g, '_');
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return `${kind}; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/**
 * An object's bytes as an HTTP answer: its type, length, ETag (If-None-Match → 304) and
 * Cache-Control — `max-age=<the object's cache_control>` (SPEC §9: 3600 by default), `public` for
 * a public bucket's path and `private` otherwise, never longer than a signed URL lives.
 */
export function objectResponse(
  c: Context,
  found: ObjectBody,
  options: { visibility: 'public' | 'private'; maxAgeCap?: number; download?: string | undefined },
): Response {
  const { object } = found;
  const maxAge = Math.max(0, Math.min(object.cacheControl, options.maxAgeCap ?? Number.POSITIVE_INFINITY));
  const baseName = object.name.slice(object.name.lastIndexOf('/') + 1);
  const inline = !options.download && INLINE_TYPES.test(object.contentType);
  const headers: Record<string, string> = {
    'Content-Type': object.contentType,
    'Cache-Control': `${options.visibility}, ${cacheControlHeader(maxAge)}`,
    ETag: object.etag,
    'Last-Modified': new Date(object.updatedAt).toUTCString(),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': object.contentType === 'application/pdf' ? "default-src 'none'" : "default-src 'none'; sandbox",
    'Content-Disposition': contentDisposition(inline ? 'inline' : 'attachment', options.download || baseName),
  };
  const ifNoneMatch = c.req.header('if-none-match');
  if (c.req.method === 'HEAD' || (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim() === object.etag || tag.trim() === '*'))) {
    found.body.destroy();
    return new Response(null, { status: c.req.method === 'HEAD' ? 200 : 304, headers: c.req.method === 'HEAD' ? { ...headers, 'Content-Length': String(object.size) } : headers });
  }
  headers['Content-Length'] = String(object.size);
  return new Response(Readable.toWeb(found.body) as ReadableStream<Uint8Array>, { status: 200, headers });
}

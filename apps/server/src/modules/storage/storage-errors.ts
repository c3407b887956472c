import type { ApiErrorCode } from '@till/core';
import type { MiddlewareHandler } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { AppError } from '../../lib/app-error.ts';

/** Storage's errors: the usual `{ error: { code, message } }`, plus status and statusCode (SPEC §8). */
export const storageError = (status: ContentfulStatusCode, code: ApiErrorCode, message: string) => new AppError(status, code, message);

export const bucketNotFound = () => storageError(404, 'bucket_not_found', 'Bucket not found');
export const objectNotFound = () => storageError(404, 'object_not_found', 'Object not found');
export const invalidObjectName = (reason: string) => storageError(400, 'invalid_object_name', reason);
export const invalidBucketName = (reason: string) => storageError(400, 'invalid_bucket_name', reason);
export const objectExists = () => storageError(409, 'object_exists', 'An object with this name already exists; upload with x-upsert: true to replace it');
export const systemBucket = () => storageError(409, 'system_bucket', 'Till keeps this bucket for a feature; it cannot be changed, emptied or deleted');
export const payloadTooLarge = (limit: number) =>
  new AppError(413, 'payload_too_large', `The file is larger than this bucket allows (${formatBytes(limit)})`, { limit });
export const invalidSignature = () => storageError(403, 'invalid_signature', 'This link is not valid or has expired; ask for a new one');

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024) return `${Math.round((bytes / (1024 * 1024)) * 10) / 10} MB`;
  if (bytes >= 1024) return `${Math.round(bytes / 1024)} kB`;
  return `${bytes} bytes`;
}

/**
 * Every error answered under /api/storage carries `status` (the HTTP status, a number) and
 * `statusCode` (the same as a string), as the BaaS storage client reads them — whoever made the
 * error: a storage use-case, validation, the access check or the body limit.
 */
export const storageErrorShape: MiddlewareHandler = async (c, next) => {
  await next();
  const response = c.res;
  if (response.status < 400 || !/^application\/json\b/i.test(response.headers.get('content-type') ?? '')) return;
  let body: unknown;
  try {
    body = await response.clone().json();
  } catch {
    return;
  }
  const error = (body as { error?: unknown } | null)?.error;
  if (typeof error !== 'object' || error === null) return;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  // An upload refused part-way leaves the rest of its body on the socket: close it rather than reuse it.
  if (response.status === 413) headers.set('connection', 'close');
  c.res = undefined;
  c.res = new Response(JSON.stringify({ error: { ...error, status: response.status, statusCode: String(response.status) } }), {
    status: response.status,
    headers,
  });
};

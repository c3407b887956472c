import type { SignObjectsResponse, SignedUrlResponse } from '@till/core';
import type { TenantContext } from '../../lib/context.ts';
import { authorizeBucket } from './storage-access.ts';
import type { StorageService } from './storage-service.ts';

/** A URL anyone may read the object through for `expiresIn` seconds (at most 7 days); 404 for a missing object. */
export async function signObjectUrl(
  storage: StorageService,
  tenant: TenantContext,
  input: { bucket: string; name: string; expiresIn: number; download?: boolean | string | undefined },
): Promise<SignedUrlResponse> {
  authorizeBucket(tenant, input.bucket, 'read');
  const downloadName = input.download === true ? input.name.slice(input.name.lastIndexOf('/') + 1) : input.download || undefined;
  const signed = await storage.createSignedUrl(tenant.businessId, input.bucket, input.name, input.expiresIn, downloadName);
  return { signed_url: signed.signedUrl, expires_at: signed.expiresAt };
}

/** Several at once: one answer per path, in order, with an error instead of a URL for a missing or malformed one. */
export async function signObjectUrls(storage: StorageService, tenant: TenantContext, bucket: string, paths: readonly string[], expiresIn: number): Promise<SignObjectsResponse> {
  authorizeBucket(tenant, bucket, 'read');
  const signed = await storage.createSignedUrls(tenant.businessId, bucket, paths, expiresIn);
  return signed.map((entry) => ({ path: entry.path, signed_url: entry.signedUrl, expires_at: entry.expiresAt, error: entry.error }));
}

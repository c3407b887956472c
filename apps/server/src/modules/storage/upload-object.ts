import type { StorageObject } from '@till/core';
import type { TenantContext } from '../../lib/context.ts';
import { authorizeBucket, storageActorOf } from './storage-access.ts';
import { payloadTooLarge } from './storage-errors.ts';
import type { StorageService, UploadFile } from './storage-service.ts';
import { toObjectView } from './storage-views.ts';

/** Multipart framing around a file: a few headers and boundaries. */
const MULTIPART_ALLOWANCE = 64 * 1024;

/**
 * Upload one object. The bucket decides the size limit and the allowed types; a declared
 * Content-Length over the limit is refused before a byte is read. Replacing an object
 * (`upsert`) deletes what was there, so it needs the right to delete as well.
 */
export async function uploadObject(
  storage: StorageService,
  tenant: TenantContext,
  input: {
    bucket: string;
    name: string;
    upsert: boolean;
    declaredLength: number | null;
    readBody: (limit: number) => Promise<UploadFile & { cacheControl?: number | undefined }>;
  },
): Promise<StorageObject> {
  authorizeBucket(tenant, input.bucket, 'write');
  if (input.upsert) authorizeBucket(tenant, input.bucket, 'remove');
  const bucket = await storage.bucket(tenant.businessId, input.bucket);
  const limit = Math.min(bucket.fileSizeLimit ?? storage.maxUploadBytes, storage.maxUploadBytes);
  if (input.declaredLength !== null && input.declaredLength > limit + MULTIPART_ALLOWANCE) throw payloadTooLarge(limit);
  const file = await input.readBody(limit);
  const row = await storage.putObject(tenant.businessId, input.bucket, input.name, file, {
    upsert: input.upsert,
    cacheControl: file.cacheControl,
    actor: storageActorOf(tenant),
  });
  return toObjectView(row, input.bucket);
}

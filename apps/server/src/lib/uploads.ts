import { SYSTEM_BUCKETS, type ApiErrorCode } from '@till/core';
import { bodyLimit } from 'hono/body-limit';
import { AppError } from './app-error.ts';
import type { Services, TenantContext } from './context.ts';

/**
 * The body limit of an upload route. app.ts lets upload paths past its 1 MB limit, so each one
 * sets its own: the file's limit plus room for the multipart envelope. The answer closes the
 * connection, because the rest of an oversized body is never read.
 */
export const uploadBodyLimit = (maxFileBytes: number, code: ApiErrorCode, message: string) =>
  bodyLimit({
    maxSize: maxFileBytes + 64 * 1024,
    onError: (c) => c.json({ error: { code, message } }, 413, { Connection: 'close' }),
  });

/** Who a storage call is made for: the signed-in user, and the employee when a till's session acts. */
export const storageActorOf = (tenant: TenantContext) => ({ userId: tenant.userId, employeeId: tenant.employeeSession?.employeeId ?? null });

const MB = 1024 * 1024;

/** "The photo is larger than 20 MB; …" for a photo bucket's size limit. */
export const photoTooLargeMessage = (bucket: keyof typeof SYSTEM_BUCKETS) =>
  `The photo is larger than ${SYSTEM_BUCKETS[bucket].fileSizeLimit / MB} MB; take a smaller one and try again`;

export interface AttachPhotoSteps<T> {
  bucket: keyof typeof SYSTEM_BUCKETS;
  /** The object's folder in the bucket: the record it belongs to. */
  folder: string;
  bytes: Uint8Array;
  /** Refuses before any upload (a missing record, a full one); runs in its own transaction. */
  checkFirst(): Promise<void>;
  /** Writes the photo's row under the record's lock; a throw here deletes the stored object. */
  record(name: string): Promise<T>;
}

/**
 * Attaches one photo to a business record (an incident, an inspection point): JPEG, PNG or WebP
 * recognised by its bytes, within the bucket's size limit; the storage service shrinks it and
 * strips EXIF/GPS. A record that cannot take it costs no upload, the row is written after the
 * object is stored, and a failed write deletes the new object so nothing is left half attached.
 */
export async function attachPhoto<T>(services: Services, tenant: TenantContext, steps: AttachPhotoSteps<T>): Promise<T> {
  const tooLarge = () => new AppError(413, 'image_too_large', photoTooLargeMessage(steps.bucket));
  if (steps.bytes.byteLength === 0) throw new AppError(400, 'empty_file', 'The photo file is empty');
  if (steps.bytes.byteLength > SYSTEM_BUCKETS[steps.bucket].fileSizeLimit) throw tooLarge();
  await steps.checkFirst();
  let stored;
  try {
    stored = await services.storage.upload(tenant.businessId, steps.bucket, { bytes: steps.bytes }, { folder: steps.folder, actor: storageActorOf(tenant) });
  } catch (error) {
    if (error instanceof AppError && ['mime_type_not_allowed', 'invalid_image'].includes(error.code)) {
      throw new AppError(415, 'unsupported_image', 'Use a photo (JPEG, PNG or WebP)');
    }
    if (error instanceof AppError && error.status === 413) throw tooLarge();
    throw error;
  }
  const name = stored.object.name;
  try {
    return await steps.record(name);
  } catch (error) {
    await services.storage.remove(tenant.businessId, steps.bucket, [name]);
    throw error;
  }
}

import type { StorageService } from './storage-service.ts';

/** Anyone holding a valid signed URL: 403 invalid_signature for a wrong, altered or expired one. */
export async function readSignedObject(storage: StorageService, bucket: string, name: string, token: string) {
  return storage.readSigned(bucket, name, token);
}

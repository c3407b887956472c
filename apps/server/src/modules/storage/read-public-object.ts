import type { StorageService } from './storage-service.ts';

/** Anyone, for a bucket marked public; a private bucket answers 404 as if it did not exist. */
export async function readPublicObject(storage: StorageService, businessId: string, bucket: string, name: string) {
  return storage.readPublic(businessId, bucket, name);
}

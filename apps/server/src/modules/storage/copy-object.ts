import { copyObjectInput, type StorageObject } from '@till/core';
import type { z } from 'zod';
import type { TenantContext } from '../../lib/context.ts';
import { authorizeBucket, storageActorOf } from './storage-access.ts';
import type { StorageService } from './storage-service.ts';
import { toObjectView } from './storage-views.ts';

/** A new object (new id, the copier as owner) with the same bytes; the source stays. 409 object_exists when the destination is taken. */
export async function copyObject(storage: StorageService, tenant: TenantContext, input: z.output<typeof copyObjectInput>): Promise<StorageObject> {
  const destination = input.destination_bucket ?? input.bucket;
  authorizeBucket(tenant, input.bucket, 'read');
  authorizeBucket(tenant, destination, 'write');
  const row = await storage.copy(
    tenant.businessId,
    { bucket: input.bucket, from: input.source_key, to: input.destination_key, toBucket: destination },
    storageActorOf(tenant),
  );
  return toObjectView(row, destination);
}

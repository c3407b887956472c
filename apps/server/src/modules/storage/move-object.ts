import { moveObjectInput, type StorageObject } from '@till/core';
import type { z } from 'zod';
import type { TenantContext } from '../../lib/context.ts';
import { authorizeBucket, storageActorOf } from './storage-access.ts';
import type { StorageService } from './storage-service.ts';
import { toObjectView } from './storage-views.ts';

/** Renames an object (it keeps its id); moving takes it away from where it was, so it needs the right to delete there. 409 object_exists when the destination is taken. */
export async function moveObject(storage: StorageService, tenant: TenantContext, input: z.output<typeof moveObjectInput>): Promise<StorageObject> {
  const destination = input.destination_bucket ?? input.bucket;
  authorizeBucket(tenant, input.bucket, 'remove');
  authorizeBucket(tenant, destination, 'write');
  const row = await storage.move(
    tenant.businessId,
    { bucket: input.bucket, from: input.source_key, to: input.destination_key, toBucket: destination },
    storageActorOf(tenant),
  );
  return toObjectView(row, destination);
}

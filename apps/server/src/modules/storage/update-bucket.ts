import { updateBucketInput, type Bucket } from '@till/core';
import type { z } from 'zod';
import type { TenantContext } from '../../lib/context.ts';
import { authorizeBucket, storageActorOf } from './storage-access.ts';
import type { StorageService } from './storage-service.ts';
import { toBucketView } from './storage-views.ts';

/** Public or private, allowed types, size limit; system buckets answer 409 system_bucket. Objects already stored stay. */
export async function updateBucket(storage: StorageService, tenant: TenantContext, name: string, input: z.output<typeof updateBucketInput>): Promise<Bucket> {
  authorizeBucket(tenant, name, 'manage');
  const row = await storage.updateBucket(
    tenant.businessId,
    name,
    {
      ...(input.public !== undefined ? { public: input.public } : {}),
      ...(input.allowed_mime_types !== undefined ? { allowedMimeTypes: input.allowed_mime_types } : {}),
      ...(input.file_size_limit !== undefined ? { fileSizeLimit: input.file_size_limit } : {}),
    },
    storageActorOf(tenant),
  );
  return toBucketView(row);
}

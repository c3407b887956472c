import { createBucketInput, type Bucket } from '@till/core';
import type { z } from 'zod';
import type { TenantContext } from '../../lib/context.ts';
import { authorizeBucket, storageActorOf } from './storage-access.ts';
import type { StorageService } from './storage-service.ts';
import { toBucketView } from './storage-views.ts';

/** Owner or an admin with can_change_settings; 409 bucket_exists for a taken or system name. */
export async function createBucket(storage: StorageService, tenant: TenantContext, input: z.output<typeof createBucketInput>): Promise<Bucket> {
  authorizeBucket(tenant, input.name, 'manage');
  const row = await storage.createBucket(
    tenant.businessId,
    input.name,
    { public: input.public, allowedMimeTypes: input.allowed_mime_types, fileSizeLimit: input.file_size_limit },
    storageActorOf(tenant),
  );
  return toBucketView(row);
}

import type { Bucket } from '@till/core';
import type { TenantContext } from '../../lib/context.ts';
import type { StorageService } from './storage-service.ts';
import { toBucketView } from './storage-views.ts';

/** The business's buckets by name; system buckets appear once a feature has used them. */
export async function listBuckets(storage: StorageService, tenant: TenantContext): Promise<Bucket[]> {
  return (await storage.listBuckets(tenant.businessId)).map(toBucketView);
}

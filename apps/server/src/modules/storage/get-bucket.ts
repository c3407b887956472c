import type { Bucket } from '@till/core';
import type { TenantContext } from '../../lib/context.ts';
import { authorizeBucket } from './storage-access.ts';
import type { StorageService } from './storage-service.ts';
import { toBucketView } from './storage-views.ts';

export async function getBucket(storage: StorageService, tenant: TenantContext, name: string): Promise<Bucket> {
  authorizeBucket(tenant, name, 'read');
  return toBucketView(await storage.bucket(tenant.businessId, name));
}

import type { StorageObject } from '@till/core';
import type { TenantContext } from '../../lib/context.ts';
import { authorizeBucket } from './storage-access.ts';
import type { StorageService } from './storage-service.ts';
import { toObjectView } from './storage-views.ts';

export async function getObjectInfo(storage: StorageService, tenant: TenantContext, bucket: string, name: string): Promise<StorageObject> {
  authorizeBucket(tenant, bucket, 'read');
  const { object } = await storage.headObject(tenant.businessId, bucket, name);
  return toObjectView(object, bucket);
}

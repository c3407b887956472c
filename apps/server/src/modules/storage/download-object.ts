import type { TenantContext } from '../../lib/context.ts';
import { authorizeBucket } from './storage-access.ts';
import type { ObjectBody, StorageService } from './storage-service.ts';

/** The object's bytes for a business member who may read the bucket. */
export async function downloadObject(storage: StorageService, tenant: TenantContext, bucket: string, name: string): Promise<ObjectBody> {
  authorizeBucket(tenant, bucket, 'read');
  return storage.getObject(tenant.businessId, bucket, name);
}

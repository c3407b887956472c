import type { TenantContext } from '../../lib/context.ts';
import { authorizeBucket, storageActorOf } from './storage-access.ts';
import type { StorageService } from './storage-service.ts';

/** Only an empty bucket goes (409 bucket_not_empty otherwise); audited. */
export async function deleteBucket(storage: StorageService, tenant: TenantContext, name: string): Promise<void> {
  authorizeBucket(tenant, name, 'manage');
  await storage.deleteBucket(tenant.businessId, name, storageActorOf(tenant));
}

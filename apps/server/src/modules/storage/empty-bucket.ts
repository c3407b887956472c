import type { TenantContext } from '../../lib/context.ts';
import { authorizeBucket, storageActorOf } from './storage-access.ts';
import type { StorageService } from './storage-service.ts';

/** Deletes every object of a bucket; answers how many. Audited. */
export async function emptyBucket(storage: StorageService, tenant: TenantContext, name: string): Promise<number> {
  authorizeBucket(tenant, name, 'manage');
  return storage.emptyBucket(tenant.businessId, name, storageActorOf(tenant));
}

import type { StorageObject } from '@till/core';
import type { TenantContext } from '../../lib/context.ts';
import { authorizeBucket, storageActorOf } from './storage-access.ts';
import type { StorageService } from './storage-service.ts';
import { toObjectView } from './storage-views.ts';

/** Deletes the named objects (owner, or an admin with can_change_settings); answers the ones that existed. Audited. */
export async function removeObjects(storage: StorageService, tenant: TenantContext, bucket: string, names: readonly string[]): Promise<StorageObject[]> {
  authorizeBucket(tenant, bucket, 'remove');
  const rows = await storage.remove(tenant.businessId, bucket, names, storageActorOf(tenant));
  return rows.map((row) => toObjectView(row, bucket));
}

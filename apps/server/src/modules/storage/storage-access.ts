import { bucketPolicyOf, evaluateStorageAccess, type StorageAction } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import type { StorageActor } from './storage-service.ts';

/** SPEC §6 for a bucket (see evaluateStorageAccess): 403 forbidden or feature_disabled. */
export function authorizeBucket(tenant: TenantContext, bucket: string, action: StorageAction): void {
  const decision = evaluateStorageAccess(tenant.actor, bucketPolicyOf(bucket), action, tenant.features);
  if (!decision.allowed) throw new AppError(403, decision.code, decision.message);
}

export const storageActorOf = (tenant: TenantContext): StorageActor => ({
  userId: tenant.userId,
  employeeId: tenant.employeeSession?.employeeId ?? null,
});

import type { FeatureFlagMode, FeatureName } from '@till/core';
import { badRequest } from '../../lib/app-error.ts';
import type { Services } from '../../lib/context.ts';
import { featureFlagsRepository } from './feature-flags.repository.ts';
import { listFeatureFlags, type FeatureFlagView } from './list-feature-flags.ts';

/**
 * The super admin sets a feature's platform-wide switch; audited in platform_audit_log. Every
 * business request of this process sees it at once; other processes within seconds.
 */
export async function setFeatureFlag(
  services: Services,
  actorUserId: string,
  feature: FeatureName,
  input: { mode: FeatureFlagMode; businessIds?: string[] | undefined },
  now: Date,
): Promise<FeatureFlagView> {
  const businessIds = input.mode === 'selected' ? [...new Set(input.businessIds ?? [])] : [];
  if (input.mode === 'selected') {
    if (businessIds.length === 0) throw badRequest('businesses_required', 'Choose at least one business to switch this feature on for');
    const found = new Set(await featureFlagsRepository.existingBusinessIds(services.database.db, businessIds));
    const missing = businessIds.filter((id) => !found.has(id));
    if (missing.length > 0) throw badRequest('business_not_found', `No business has the id ${missing[0]}`);
  }
  await services.database.db.transaction(async (tx) => {
    await featureFlagsRepository.upsert(tx, { feature, mode: input.mode, businessIds, updatedByUserId: actorUserId, updatedAt: now });
    await featureFlagsRepository.insertAudit(tx, { actorUserId, action: 'feature_flag.set', details: { feature, mode: input.mode, business_ids: businessIds } });
  });
  services.featureFlags.forget();
  return (await listFeatureFlags(services)).find((flag) => flag.feature === feature)!;
}

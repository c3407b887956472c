import { FEATURE_NAMES, type FeatureFlagMode, type FeatureName } from '@till/core';
import type { Services } from '../../lib/context.ts';
import { featureFlagsRepository } from './feature-flags.repository.ts';

export interface FeatureFlagView {
  feature: FeatureName;
  mode: FeatureFlagMode;
  businesses: { id: string; name: string }[];
  updated_at: string | null;
}

/** Every SPEC §3 feature with its platform-wide switch ("default" where none was set). */
export async function listFeatureFlags(services: Services): Promise<FeatureFlagView[]> {
  const db = services.database.db;
  const rows = await featureFlagsRepository.list(db);
  const byFeature = new Map(rows.map((row) => [row.feature, row]));
  const names = new Map((await featureFlagsRepository.businessNames(db, [...new Set(rows.flatMap((row) => row.businessIds))])).map((row) => [row.id, row.name]));
  return FEATURE_NAMES.map((feature) => {
    const row = byFeature.get(feature);
    return {
      feature,
      mode: (row?.mode ?? 'default') as FeatureFlagMode,
      businesses: (row?.businessIds ?? []).flatMap((id) => (names.has(id) ? [{ id, name: names.get(id)! }] : [])),
      updated_at: row?.updatedAt.toISOString() ?? null,
    };
  });
}

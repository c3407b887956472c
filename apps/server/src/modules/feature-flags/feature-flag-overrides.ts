import { FEATURE_NAMES, type FeatureFlagMode, type FeatureFlagOverride, type FeatureName } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { FeatureFlagsPort } from '../../lib/context.ts';
import { featureFlagsRepository } from './feature-flags.repository.ts';

/**
 * How long a process trusts its copy of the switches. A change made here is seen at once (the
 * setting use-case drops the copy); another app process sees it within this time.
 */
export const FEATURE_FLAGS_TTL_MS = 5_000;

const KNOWN = new Set<string>(FEATURE_NAMES);

/** The switches that are not "default", read on every business request (cached). */
export function createFeatureFlagOverrides({ database, ttlMs = FEATURE_FLAGS_TTL_MS }: { database: Database; ttlMs?: number }): FeatureFlagsPort {
  let cached: { value: readonly FeatureFlagOverride[]; expiresAt: number } | null = null;
  let loading: Promise<readonly FeatureFlagOverride[]> | null = null;
  return {
    async overrides() {
      if (cached && cached.expiresAt > Date.now()) return cached.value;
      if (!loading) {
        const pending = featureFlagsRepository
          .list(database.db)
          .then((rows) => {
            const value = rows
              .filter((row) => KNOWN.has(row.feature) && row.mode !== 'default')
              .map((row) => ({ feature: row.feature as FeatureName, mode: row.mode as FeatureFlagMode, businessIds: row.businessIds }));
            if (loading === pending) cached = { value, expiresAt: Date.now() + ttlMs };
            return value;
          })
          .finally(() => {
            if (loading === pending) loading = null;
          });
        loading = pending;
      }
      return loading;
    },
    forget() {
      cached = null;
      loading = null;
    },
  };
}

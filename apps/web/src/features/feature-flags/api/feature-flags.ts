import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { FeatureFlagMode, FeatureName } from '@till/core';
import { api, dataOf, type ApiAnswer } from '@/lib/api';
import { meQueryKey } from '@/lib/me';

export type FeatureFlag = ApiAnswer<'/api/super-admin/feature-flags'>['flags'][number];
export type PlatformBusiness = ApiAnswer<'/api/super-admin/businesses'>['businesses'][number];

export const featureFlagsQueryKey = ['feature-flags'] as const;

export function useFeatureFlags() {
  return useQuery({
    queryKey: featureFlagsQueryKey,
    queryFn: ({ signal }) => dataOf(api.GET('/api/super-admin/feature-flags', { signal })),
    select: (answer) => answer.flags,
  });
}

/** The businesses a switch may be turned on for. */
export function usePlatformBusinesses() {
  return useQuery({
    queryKey: [...featureFlagsQueryKey, 'businesses'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/super-admin/businesses', { signal })),
    select: (answer) => answer.businesses,
  });
}

export function useSetFeatureFlag() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { feature: FeatureName; mode: FeatureFlagMode; businessIds?: string[] }) =>
      dataOf(
        api.PUT('/api/super-admin/feature-flags/{feature}', {
          params: { path: { feature: input.feature } },
          body: { mode: input.mode, ...(input.businessIds ? { business_ids: input.businessIds } : {}) },
        }),
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: featureFlagsQueryKey });
      // The super admin's own business (if any) follows the switch in its sidebar too.
      await queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnboardingChecklist } from '@till/core';
import { api, dataOf } from '@/lib/api';

export const onboardingChecklistQueryKey = ['onboarding-checklist'] as const;

/** GET /api/onboarding/checklist: for the owner, or an admin who may change settings (others get 403). */
export function getOnboardingChecklistQueryOptions() {
  return queryOptions({
    queryKey: onboardingChecklistQueryKey,
    queryFn: ({ signal }): Promise<OnboardingChecklist> => dataOf(api.GET('/api/onboarding/checklist', { signal })),
    // Steps are done on other pages: read it afresh each time the dashboard opens.
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
}

export function useOnboardingChecklist(enabled: boolean) {
  return useQuery({ ...getOnboardingChecklistQueryOptions(), enabled });
}

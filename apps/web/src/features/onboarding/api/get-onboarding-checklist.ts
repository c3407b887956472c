import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OnboardingChecklist } from '@till/core';
import { apiClient } from '@/lib/api-client';

export const onboardingChecklistQueryKey = ['onboarding-checklist'] as const;

/** GET /api/onboarding/checklist: for the owner, or an admin who may change settings (others get 403). */
export function getOnboardingChecklistQueryOptions() {
  return queryOptions({
    queryKey: onboardingChecklistQueryKey,
    queryFn: ({ signal }) => apiClient.get<OnboardingChecklist>('/api/onboarding/checklist', { signal }),
    // Steps are done on other pages: read it afresh each time the dashboard opens.
    staleTime: 0,
    refetchOnMount: 'always',
    retry: false,
  });
}

export function useOnboardingChecklist(enabled: boolean) {
  return useQuery({ ...getOnboardingChecklistQueryOptions(), enabled });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeatureName } from '@till/core';
import { apiClient } from '@/lib/api-client';
import { refreshSettings } from '@/lib/me';

/** PATCH /api/business-settings with features to switch on, from the checklist; the sidebar follows at once. */
export function useSwitchOnFeatures() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (features: FeatureName[]) =>
      apiClient.patch<{ settings: Parameters<typeof refreshSettings>[1] }>('/api/business-settings', {
        enabled_features: Object.fromEntries(features.map((name) => [name, true])),
      }),
    onSuccess: (response) => refreshSettings(queryClient, response.settings),
  });
}

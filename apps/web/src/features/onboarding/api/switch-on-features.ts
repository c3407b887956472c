import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { FeatureName } from '@till/core';
import { useNavigate } from 'react-router';
import { api, dataOf } from '@/lib/api';
import { refreshSettings } from '@/lib/me';

/**
 * PATCH /api/business-settings with features to switch on, from the checklist, then open the
 * page they unlock. All of it runs in the mutation itself: the button that started it is
 * replaced by a link as soon as the settings change, and a callback of an unmounted button
 * would never run.
 */
export function useSwitchOnFeatures() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: async ({ features, then }: { features: FeatureName[]; then: string }) => {
      const response = await dataOf(api.PATCH('/api/business-settings', { body: { enabled_features: Object.fromEntries(features.map((name) => [name, true])) } }));
      // The sidebar and the route gates read /api/me: the page opens once it knows the feature is on.
      await refreshSettings(queryClient, response.settings);
      await navigate(then);
    },
  });
}

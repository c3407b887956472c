import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { refreshSettings, type BusinessSettings } from '@/lib/me';

interface BusinessSettingsResponse {
  settings: Omit<BusinessSettings, 'enabled_features'> & { enabled_features?: Partial<Record<string, boolean>> };
}

/**
 * SPEC §4: a signed-in account without settings gets the defaults (named after the profile's
 * business, else its full name, else "My Business"). Idempotent on the server.
 */
export function ensureBusinessSettings(): Promise<BusinessSettingsResponse> {
  return apiClient.post<BusinessSettingsResponse>('/api/business-settings');
}

export function useEnsureBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ensureBusinessSettings,
    onSuccess: ({ settings }) => refreshSettings(queryClient, settings),
  });
}

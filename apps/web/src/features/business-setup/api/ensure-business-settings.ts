import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { refreshSettings } from '@/lib/me';

/**
 * SPEC §4: a signed-in account without settings gets the defaults (named after the profile's
 * business, else its full name, else "My Business"). Idempotent on the server.
 */
export function ensureBusinessSettings() {
  return dataOf(api.POST('/api/business-settings'));
}

export function useEnsureBusinessSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ensureBusinessSettings,
    onSuccess: ({ settings }) => refreshSettings(queryClient, settings),
  });
}

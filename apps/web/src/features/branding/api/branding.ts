import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BusinessBrandingInput, PlatformBrandingInput } from '@till/core';
import { api, dataOf } from '@/lib/api';

export const platformBrandingQueryKey = ['platform-branding'] as const;
export const businessBrandingQueryKey = ['business-branding'] as const;

export function usePlatformBranding() {
  return useQuery({
    queryKey: platformBrandingQueryKey,
    queryFn: ({ signal }) => dataOf(api.GET('/api/super-admin/branding', { signal })),
    select: (answer) => answer.branding,
  });
}

export function useSavePlatformBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PlatformBrandingInput) => dataOf(api.PUT('/api/super-admin/branding', { body })),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).endsWith('branding') }),
  });
}

export function useBusinessBranding() {
  return useQuery({
    queryKey: businessBrandingQueryKey,
    queryFn: ({ signal }) => dataOf(api.GET('/api/business-branding', { signal })),
    select: (answer) => answer.branding,
  });
}

export function useSaveBusinessBranding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BusinessBrandingInput) => dataOf(api.PUT('/api/business-branding', { body })),
    onSuccess: () => queryClient.invalidateQueries({ predicate: (query) => String(query.queryKey[0]).endsWith('branding') || query.queryKey[0] === 'order' }),
  });
}

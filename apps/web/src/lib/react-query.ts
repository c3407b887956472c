import { QueryClient, type DefaultOptions } from '@tanstack/react-query';

/** SPEC §7 and §9: 5 minute stale time, 10 minute cache, 1 retry, no refetch on focus. */
export const queryConfig = {
  queries: {
    staleTime: 5 * 60 * 1000,
    gcTime: 10 * 60 * 1000,
    retry: 1,
    refetchOnWindowFocus: false,
  },
} satisfies DefaultOptions;

export function createQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: queryConfig });
}

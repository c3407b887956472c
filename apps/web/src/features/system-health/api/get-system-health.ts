import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';

/** GET /api/system/health: figures about this server process, for super administrators only. */
export type SystemHealth = ApiAnswer<'/api/system/health'>;

export function getSystemHealth({ signal }: { signal?: AbortSignal } = {}): Promise<SystemHealth> {
  return dataOf(api.GET('/api/system/health', signal ? { signal } : {}));
}

export const systemHealthQueryKey = ['system-health'] as const;

export function useSystemHealth() {
  return useQuery(
    queryOptions({
      queryKey: systemHealthQueryKey,
      queryFn: ({ signal }) => getSystemHealth({ signal }),
      // Figures about a live process are worth nothing once old; the page asks again on each visit.
      staleTime: 0,
    }),
  );
}

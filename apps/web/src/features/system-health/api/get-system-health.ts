import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/system/health: figures about this server process, for super administrators only. */
export interface SystemHealth {
  database: { kind: 'pglite' | 'postgres'; roundTripMs: number };
  uptimeSeconds: number;
  memory: { rssBytes: number; heapUsedBytes: number; heapTotalBytes: number };
  version: string;
  node: string;
  migrations: { applied: number; latest: string | null };
}

export function getSystemHealth({ signal }: { signal?: AbortSignal } = {}): Promise<SystemHealth> {
  return apiClient.get<SystemHealth>('/api/system/health', signal ? { signal } : {});
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

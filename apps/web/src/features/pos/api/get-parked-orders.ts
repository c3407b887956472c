import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { posQueryKey, type ParkedOrder } from './types';

/** GET /api/orders?status=parked: sales waiting to be resumed, newest first. */
export function getParkedOrders({ signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<{ orders: ParkedOrder[]; nextCursor: string | null }>('/api/orders', {
    query: { status: 'parked', limit: 100 },
    ...(signal ? { signal } : {}),
  });
}

export const parkedOrdersQueryKey = [...posQueryKey, 'parked'] as const;

export function getParkedOrdersQueryOptions() {
  return queryOptions({
    queryKey: parkedOrdersQueryKey,
    queryFn: ({ signal }) => getParkedOrders({ signal }),
    // Another till may park or resume a sale at any moment.
    staleTime: 15_000,
    refetchInterval: 60_000,
  });
}

export function useParkedOrders() {
  return useQuery(getParkedOrdersQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { posQueryKey } from './types';

/** GET /api/orders?status=parked: sales waiting to be resumed, newest first. */
export function getParkedOrders({ signal }: { signal?: AbortSignal } = {}) {
  return dataOf(api.GET('/api/orders', { params: { query: { status: 'parked', limit: 100 } }, ...(signal ? { signal } : {}) }));
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

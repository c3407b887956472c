import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import type { ApiAnswer } from '@/lib/api';
import { customersQueryKey } from './types';

export type CustomersPage = ApiAnswer<'/api/customers'>;

/** GET /api/customers: by name, matching `q` in name, email or phone; a page at a time. */
export function getCustomers(input: { q?: string; cursor?: string | null; limit?: number }, { signal }: { signal?: AbortSignal } = {}) {
  const query = { ...(input.q ? { q: input.q } : {}), ...(input.cursor ? { cursor: input.cursor } : {}), ...(input.limit ? { limit: input.limit } : {}) };
  return dataOf(api.GET('/api/customers', { params: { query }, ...(signal ? { signal } : {}) }));
}

export const customersListQueryKey = (q: string, limit: number) => [...customersQueryKey, 'list', { q, limit }] as const;

export function getCustomersQueryOptions(q: string, limit = 50) {
  return infiniteQueryOptions({
    queryKey: customersListQueryKey(q, limit),
    queryFn: ({ pageParam, signal }) => getCustomers({ q, cursor: pageParam, limit }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // Someone else at another till may have added a customer a moment ago.
    staleTime: 30_000,
  });
}

export function useCustomers(q: string, limit = 50) {
  return useInfiniteQuery(getCustomersQueryOptions(q.trim(), limit));
}

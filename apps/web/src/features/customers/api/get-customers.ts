import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { customersQueryKey, type CustomerListItem } from './types';

export interface CustomersPage {
  customers: CustomerListItem[];
  nextCursor: string | null;
}

/** GET /api/customers: by name, matching `q` in name, email or phone; a page at a time. */
export function getCustomers(input: { q?: string; cursor?: string | null; limit?: number }, { signal }: { signal?: AbortSignal } = {}) {
  return apiClient.get<CustomersPage>('/api/customers', {
    query: { q: input.q || undefined, cursor: input.cursor, limit: input.limit },
    ...(signal ? { signal } : {}),
  });
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

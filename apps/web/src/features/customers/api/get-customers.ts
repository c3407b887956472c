import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import type { ApiAnswer } from '@/lib/api';
import { customersQueryKey } from './types';

export type CustomersPage = ApiAnswer<'/api/customers'>;

/** GET /api/customers: by name, matching `q` in name, email or phone, with any of `tags`; a page at a time. */
export function getCustomers(input: { q?: string; tags?: readonly string[]; cursor?: string | null; limit?: number }, { signal }: { signal?: AbortSignal } = {}) {
  const query = {
    ...(input.q ? { q: input.q } : {}),
    ...(input.tags?.length ? { tag: [...input.tags] } : {}),
    ...(input.cursor ? { cursor: input.cursor } : {}),
    ...(input.limit ? { limit: input.limit } : {}),
  };
  return dataOf(api.GET('/api/customers', { params: { query }, ...(signal ? { signal } : {}) }));
}

export const customersListQueryKey = (q: string, limit: number, tags: readonly string[] = []) => [...customersQueryKey, 'list', { q, limit, tags }] as const;

export function getCustomersQueryOptions(q: string, limit = 50, tags: readonly string[] = []) {
  return infiniteQueryOptions({
    queryKey: customersListQueryKey(q, limit, tags),
    queryFn: ({ pageParam, signal }) => getCustomers({ q, tags, cursor: pageParam, limit }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Someone else at another till may have added a customer a moment ago.
    staleTime: 30_000,
  });
}

export function useCustomers(q: string, limit = 50, tags: readonly string[] = []) {
  return useInfiniteQuery(getCustomersQueryOptions(q.trim(), limit, tags));
}

/** GET /api/customers/tags: the tags in use, for the list's filter (decision 066). */
export function useCustomerTags() {
  return useQuery(
    queryOptions({
      queryKey: [...customersQueryKey, 'tags'],
      queryFn: ({ signal }) => dataOf(api.GET('/api/customers/tags', { signal })),
      staleTime: 60_000,
    }),
  );
}

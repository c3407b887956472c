import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiQuery } from '@/lib/api';
import type { OrdersQuery } from '../utils/order-filters';
import { ordersQueryKey, type OrdersPage } from './types';

export type { OrdersPage };

const PAGE_SIZE = 50;

/** Every name OrdersQuery sends is one the route takes (decision 070; a spread is not checked for unknown keys). */
const queryNamesAreTheRoutes: Exclude<keyof OrdersQuery, keyof ApiQuery<'/api/orders'>> extends never ? true : false = true;
void queryNamesAreTheRoutes;

/** GET /api/orders: newest first, filtered, a keyset page at a time. */
export function getOrders(query: OrdersQuery, cursor: string | null, { signal }: { signal?: AbortSignal } = {}): Promise<OrdersPage> {
  return dataOf(
    api.GET('/api/orders', {
      params: { query: { ...query, limit: PAGE_SIZE, ...(cursor ? { cursor } : {}) } },
      ...(signal ? { signal } : {}),
    }),
  );
}

export const ordersListQueryKey = (query: OrdersQuery) => [...ordersQueryKey, 'list', query] as const;

export function getOrdersQueryOptions(query: OrdersQuery) {
  return infiniteQueryOptions({
    queryKey: ordersListQueryKey(query),
    queryFn: ({ pageParam, signal }) => getOrders(query, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Other tills keep selling: a list older than this is fetched again when shown.
    staleTime: 15_000,
    // Changing a filter keeps the rows on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}

export function useOrders(query: OrdersQuery) {
  return useInfiniteQuery(getOrdersQueryOptions(query));
}

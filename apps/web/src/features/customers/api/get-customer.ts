import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { customersQueryKey, type Customer, type CustomerOrder, type CustomerTotals } from './types';

/** The first page carries the customer and their totals; later pages only more history. */
export interface CustomerDetailPage {
  customer?: Customer;
  totals?: CustomerTotals;
  orders: CustomerOrder[];
  nextCursor: string | null;
}

const HISTORY_PAGE = 20;

/** GET /api/customers/{id}, then GET /api/customers/{id}/orders for more of the history. */
export async function getCustomerPage(id: string, cursor: string | null, { signal }: { signal?: AbortSignal } = {}): Promise<CustomerDetailPage> {
  const init = { ...(signal ? { signal } : {}) };
  if (cursor === null) {
    const detail = await dataOf(api.GET('/api/customers/{id}', { params: { path: { id }, query: { limit: HISTORY_PAGE } }, ...init }));
    return { customer: detail.customer, totals: detail.totals, orders: detail.orders, nextCursor: detail.next_orders_cursor };
  }
  const page = await dataOf(api.GET('/api/customers/{id}/orders', { params: { path: { id }, query: { limit: HISTORY_PAGE, cursor } }, ...init }));
  return { orders: page.orders, nextCursor: page.next_cursor };
}

export const customerDetailQueryKey = (id: string) => [...customersQueryKey, 'detail', id] as const;

export function getCustomerQueryOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: customerDetailQueryKey(id),
    queryFn: ({ pageParam, signal }) => getCustomerPage(id, pageParam, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    staleTime: 30_000,
  });
}

export function useCustomer(id: string | null) {
  return useInfiniteQuery({ ...getCustomerQueryOptions(id ?? ''), enabled: Boolean(id) });
}

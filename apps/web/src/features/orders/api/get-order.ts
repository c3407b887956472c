import { queryOptions, useQuery } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { api, dataOf } from '@/lib/api';
import { ordersQueryKey, type OrderDetail } from './types';

/** GET /api/orders/{id}: the order with its lines, payments, refunds and history. */
export function getOrder(orderId: string, { signal }: { signal?: AbortSignal } = {}): Promise<OrderDetail> {
  return dataOf(api.GET('/api/orders/{id}', { params: { path: { id: orderId } }, ...(signal ? { signal } : {}) }));
}

export const orderQueryKey = (orderId: string) => [...ordersQueryKey, 'detail', orderId] as const;

export function getOrderQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderQueryKey(orderId),
    queryFn: ({ signal }) => getOrder(orderId, { signal }),
    // Someone at another till may refund this order: what is left to refund must be current.
    staleTime: 10_000,
    // A missing order or a refused request will not change by asking again.
    retry: (failures, error) => !(isApiError(error) && error.status >= 400 && error.status < 500) && failures < 1,
  });
}

export function useOrder(orderId: string) {
  return useQuery(getOrderQueryOptions(orderId));
}

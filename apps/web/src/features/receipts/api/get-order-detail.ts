import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';

/** GET /api/orders/{id}: an order with its lines, payments, refunds and history (getOrderDetail on the server). */
export type OrderDetail = ApiAnswer<'/api/orders/{id}'>;

export function getOrderDetail(orderId: string, { signal }: { signal?: AbortSignal } = {}): Promise<OrderDetail> {
  return dataOf(api.GET('/api/orders/{id}', { params: { path: { id: orderId } }, ...(signal ? { signal } : {}) }));
}

export const orderDetailQueryKey = (orderId: string) => ['orders', orderId, 'detail'] as const;

export function getOrderDetailQueryOptions(orderId: string) {
  return queryOptions({
    queryKey: orderDetailQueryKey(orderId),
    queryFn: ({ signal }) => getOrderDetail(orderId, { signal }),
    // A receipt is reprinted after refunds: show the order as it is now.
    staleTime: 0,
  });
}

export function useOrderDetail(orderId: string) {
  return useQuery(getOrderDetailQueryOptions(orderId));
}

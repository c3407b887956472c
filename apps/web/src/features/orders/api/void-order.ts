import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';
import { ordersQueryKey } from './types';

/** POST /api/orders/{id}/void: a parked (unpaid) sale, with a reason; a paid one is refunded instead (409). */
export function voidOrder({ orderId, reason }: { orderId: string; reason: string }): Promise<ApiAnswer<'/api/orders/{id}/void', 'post'>> {
  return dataOf(api.POST('/api/orders/{id}/void', { params: { path: { id: orderId } }, body: { reason } }));
}

export function useVoidOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}

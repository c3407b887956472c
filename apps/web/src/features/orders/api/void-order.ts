import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { ordersQueryKey } from './types';

/** POST /api/orders/{id}/void: a parked (unpaid) sale, with a reason; a paid one is refunded instead (409). */
export function voidOrder({ orderId, reason }: { orderId: string; reason: string }): Promise<{ ok: true }> {
  return apiClient.post<{ ok: true }>(`/api/orders/${encodeURIComponent(orderId)}/void`, { reason });
}

export function useVoidOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidOrder,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ordersQueryKey }),
  });
}

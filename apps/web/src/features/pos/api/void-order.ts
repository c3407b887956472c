import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { parkedOrdersQueryKey } from './get-parked-orders';

/** POST /api/orders/{id}/void: a parked sale cancelled, with the reason (audited). 409 not_voidable once paid. */
export function voidOrder(input: { orderId: string; reason: string }) {
  return apiClient.post<{ ok: true }>(`/api/orders/${encodeURIComponent(input.orderId)}/void`, { reason: input.reason });
}

export function useVoidOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parkedOrdersQueryKey }),
  });
}

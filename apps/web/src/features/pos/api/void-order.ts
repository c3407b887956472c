import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { parkedOrdersQueryKey } from './get-parked-orders';

/** POST /api/orders/{id}/void: a parked sale cancelled, with the reason (audited). 409 not_voidable once paid. */
export function voidOrder(input: { orderId: string; reason: string }) {
  return dataOf(api.POST('/api/orders/{id}/void', { params: { path: { id: input.orderId } }, body: { reason: input.reason } }));
}

export function useVoidOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: voidOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parkedOrdersQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { parkOrderToWire, type ParkOrderWithLotsInput } from '@till/core';
import { api, dataOf } from '@/lib/api';
import { parkedOrdersQueryKey } from './get-parked-orders';

/** POST /api/orders/park: the cart kept as an unpaid order, to resume later. Prices are the catalogue's; chosen lots are kept. */
export function parkOrder(body: ParkOrderWithLotsInput) {
  return dataOf(api.POST('/api/orders/park', { body: parkOrderToWire(body) }));
}

export function useParkOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: parkOrder,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: parkedOrdersQueryKey }),
  });
}

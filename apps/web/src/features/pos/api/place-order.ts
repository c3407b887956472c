import { useMutation, useQueryClient } from '@tanstack/react-query';
import { placeOrderToWire, type PlaceOrderWithLotsInput } from '@till/core';
import { api, dataOf } from '@/lib/api';
import { invalidateSalesQueries } from '@/lib/sales-queries';
import type { OrderView } from './types';

/**
 * POST /api/checkout. 201 a new sale, 200 the sale this idempotency_key already made (a retry);
 * 422 total_mismatch { server_total }, 422 payment_mismatch, 409 insufficient_stock { product_id },
 * 409 not_parked, 403 feature or permission.
 */
export function placeOrder(body: PlaceOrderWithLotsInput): Promise<OrderView> {
  // The till keeps its attempt camelCase (a sale saved before decision 070 sends unchanged); the wire is snake_case.
  return dataOf(api.POST('/api/checkout', { body: placeOrderToWire(body) }));
}

export function usePlaceOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placeOrder,
    // Never retried on its own: the cashier decides, with the same key (see checkout-attempt.ts).
    retry: false,
    onSuccess: async () => {
      // Stock on the tiles and on /products, the parked list (a completed parked sale leaves it),
      // the orders list and the customer's history have changed.
      await invalidateSalesQueries(queryClient);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { PaymentMethod } from '@till/core';
import { api, dataOf, type ApiAnswer } from '@/lib/api';
import { invalidateSalesQueries } from '@/lib/sales-queries';

export interface RefundOrderInput {
  orderId: string;
  /** One per refund attempt, sent again unchanged on a retry (utils/refund-attempt.ts). */
  idempotencyKey: string;
  reason: string;
  /** Lines and quantities; each line restocked or not. */
  lines: { orderLineId: string; quantity: number; restock: boolean }[];
  /** Without it, the money goes back the way it came in, each method up to what it took. */
  method?: PaymentMethod | undefined;
}

export type RefundOrderResult = ApiAnswer<'/api/orders/{id}/refunds', 'post'>;

/**
 * POST /api/orders/{id}/refunds. 403 without the refunds permission (SPEC §6
 * can_process_refunds) or refund_method_forbidden, 422 refund_exceeds_sold, 409 not_refundable or
 * idempotency_key_reused: the server's message says which. A retry with the same key answers 200
 * with the first refund.
 */
export function refundOrder({ orderId, idempotencyKey, reason, lines, method }: RefundOrderInput): Promise<RefundOrderResult> {
  // The attempt is kept camelCase (utils/refund-attempt.ts); the wire is snake_case (decision 070).
  const body = {
    idempotency_key: idempotencyKey,
    reason,
    lines: lines.map((line) => ({ order_line_id: line.orderLineId, quantity: line.quantity, restock: line.restock })),
    ...(method ? { method } : {}),
  };
  return dataOf(api.POST('/api/orders/{id}/refunds', { params: { path: { id: orderId } }, body }));
}

export function useRefundOrder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: refundOrder,
    // The order, every list it is in and its receipts changed, and restocked items are back in
    // stock on /products and on the till's tiles.
    onSettled: () => invalidateSalesQueries(queryClient),
  });
}

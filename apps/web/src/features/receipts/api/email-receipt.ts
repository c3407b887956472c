import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, dataOf } from '@/lib/api';
import { orderDetailQueryKey } from './get-order-detail';

export const emailReceiptInput = z.object({
  email: z.string().trim().min(1, 'Enter an email address').pipe(z.email('Enter a valid email address').max(254)),
});
export type EmailReceiptInput = z.infer<typeof emailReceiptInput>;

/** POST /api/orders/{id}/receipt-email: the plain-text receipt goes out (or waits in the outbox). */
export function emailReceipt(input: { orderId: string; email: string; refundId?: string | null }) {
  return dataOf(
    api.POST('/api/orders/{id}/receipt-email', {
      params: { path: { id: input.orderId } },
      body: { email: input.email, ...(input.refundId ? { refund_id: input.refundId } : {}) },
    }),
  );
}

export function useEmailReceipt() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: emailReceipt,
    // The order's history now has a receipt_emailed entry.
    onSuccess: (_result, input) => queryClient.invalidateQueries({ queryKey: orderDetailQueryKey(input.orderId) }),
  });
}

import type { RefundOrderInput } from '../api/refund-order';

/**
 * Idempotency for POST /api/orders/{id}/refunds, as for sales (pos/lib/checkout-attempt.ts):
 * the server remembers each idempotencyKey with the request it came with, and answers the same
 * key and body with the first refund (200), never a second payout. So the dialog makes one key
 * per submission attempt and sends it again, with the very same body, when the operator presses
 * Refund again after a failure; a changed request (other items, reason or method) gets a new
 * key, because the server refuses a known key with another body (409 idempotency_key_reused).
 */
export type RefundRequest = Omit<RefundOrderInput, 'idempotencyKey'>;

export interface RefundAttempt {
  fingerprint: string;
  body: RefundOrderInput;
}

/** Lines sorted by id and keys in a fixed order, so two equal requests compare equal. */
export function refundFingerprint(request: RefundRequest): string {
  const lines = [...request.lines]
    .sort((a, b) => (a.orderLineId < b.orderLineId ? -1 : a.orderLineId > b.orderLineId ? 1 : 0))
    .map((line) => [line.orderLineId, line.quantity, line.restock]);
  return JSON.stringify([request.orderId, request.reason, request.method ?? null, lines]);
}

/** The attempt to send `request` as: the previous one again when it is the same request, else a new key. */
export function nextRefundAttempt(previous: RefundAttempt | null, request: RefundRequest, newKey: () => string): RefundAttempt {
  const fingerprint = refundFingerprint(request);
  if (previous && previous.fingerprint === fingerprint) return previous;
  return { fingerprint, body: { ...request, idempotencyKey: newKey() } };
}

import type { PlaceOrderWithLotsInput } from '@till/core';

/**
 * Idempotency for POST /api/checkout. The server remembers each idempotencyKey with the exact
 * request it came with: the same key and body again answers with the first sale (200), never a
 * second charge. So:
 * - one key per sale attempt; sending the same request again (Retry after the network failed,
 *   a double tap) reuses it, with the very same body;
 * - a different request (the cart or the payments changed) gets a new key, because the server
 *   refuses a known key with another body (409 idempotency_key_reused);
 * - a finished sale, a cleared cart or a resumed one starts with no attempt at all (the cart
 *   reducer drops it), so an identical next sale can never be answered with the last one.
 */

export type CheckoutRequest = Omit<PlaceOrderWithLotsInput, 'idempotencyKey'>;

export interface CheckoutAttempt {
  key: string;
  fingerprint: string;
  /** Exactly what was sent, to send again unchanged. */
  body: PlaceOrderWithLotsInput;
}

/** JSON with sorted keys, so two equal requests always compare equal. */
export function stableStringify(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableStringify).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${stableStringify(item)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

export const requestFingerprint = (request: CheckoutRequest) => stableStringify(request);

/** The attempt to send `request` as: the previous one again when it is the same request, else a new key. */
export function nextCheckoutAttempt(previous: CheckoutAttempt | null, request: CheckoutRequest, newKey: () => string): CheckoutAttempt {
  const fingerprint = requestFingerprint(request);
  if (previous && previous.fingerprint === fingerprint) return previous;
  const key = newKey();
  return { key, fingerprint, body: { idempotencyKey: key, ...request } };
}

/**
 * Did the server maybe take the sale? Not when it answered with a refusal (4xx: nothing was
 * written); when the answer never came (network) or the server failed (5xx), it may have.
 */
export function isOutcomeUnknown(error: { status?: number } | null | undefined): boolean {
  if (!error) return false;
  const status = error.status ?? 0;
  return status === 0 || status >= 500;
}

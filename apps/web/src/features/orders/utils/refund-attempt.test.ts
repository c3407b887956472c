import { describe, expect, it } from 'vitest';
import { nextRefundAttempt, type RefundRequest } from './refund-attempt';

const request: RefundRequest = {
  orderId: 'order-1',
  reason: 'Chipped',
  lines: [
    { orderLineId: 'b', quantity: 1, restock: true },
    { orderLineId: 'a', quantity: 2, restock: false },
  ],
};

function keys() {
  let n = 0;
  return () => `key-${(n += 1)}`;
}

describe('nextRefundAttempt: one key per refund attempt, reused on retry', () => {
  it('gives the first attempt a new key and sends the body with it', () => {
    const attempt = nextRefundAttempt(null, request, keys());
    expect(attempt.body).toEqual({ ...request, idempotencyKey: 'key-1' });
  });

  it('sends the same request again with the same key and body (a retry after a failure)', () => {
    const newKey = keys();
    const first = nextRefundAttempt(null, request, newKey);
    const retry = nextRefundAttempt(first, { ...request, lines: [...request.lines].reverse() }, newKey);
    expect(retry).toBe(first);
  });

  it.each([
    ['another quantity', { ...request, lines: [{ orderLineId: 'a', quantity: 1, restock: false }] }],
    ['another reason', { ...request, reason: 'Broken' }],
    ['another method', { ...request, method: 'cash' as const }],
    ['another restock choice', { ...request, lines: [{ ...request.lines[0]!, restock: false }, request.lines[1]!] }],
  ])('a changed request (%s) gets a new key', (_name, changed) => {
    const newKey = keys();
    const first = nextRefundAttempt(null, request, newKey);
    const next = nextRefundAttempt(first, changed, newKey);
    expect(next.body.idempotencyKey).toBe('key-2');
    expect(next.body).toMatchObject(changed);
  });
});

import { describe, expect, it } from 'vitest';
import { cartReducer, EMPTY_CART, toCheckoutLines } from './cart';
import { isOutcomeUnknown, nextCheckoutAttempt, stableStringify, type CheckoutRequest } from './checkout-attempt';

const request = (overrides: Partial<CheckoutRequest> = {}): CheckoutRequest => ({
  lines: [{ productId: '00000000-0000-4000-8000-000000000001', quantity: 1 }],
  payments: [{ method: 'cash', amount: 1100, tendered: 2000 }],
  expectedTotal: 1100,
  ...overrides,
});

function keys() {
  let n = 0;
  return () => `00000000-0000-4000-8000-${String((n += 1)).padStart(12, '0')}`;
}

describe('idempotency key per sale attempt', () => {
  it('a retry of the same request reuses the key and the exact body', () => {
    const newKey = keys();
    const first = nextCheckoutAttempt(null, request(), newKey);
    const retry = nextCheckoutAttempt(first, request(), newKey);
    expect(retry.key).toBe(first.key);
    expect(retry.body).toBe(first.body);
    expect(first.body).toMatchObject({ idempotencyKey: first.key, expectedTotal: 1100 });
  });

  it('the same request with its keys in another order is still the same request', () => {
    const newKey = keys();
    const first = nextCheckoutAttempt(null, request(), newKey);
    const reordered: CheckoutRequest = { expectedTotal: 1100, payments: [{ tendered: 2000, amount: 1100, method: 'cash' }], lines: request().lines };
    expect(nextCheckoutAttempt(first, reordered, newKey).key).toBe(first.key);
  });

  it('a changed cart or changed payments get a new key (the server refuses a key with another body)', () => {
    const newKey = keys();
    const first = nextCheckoutAttempt(null, request(), newKey);
    const moreCash = nextCheckoutAttempt(first, request({ payments: [{ method: 'cash', amount: 1100, tendered: 5000 }] }), newKey);
    expect(moreCash.key).not.toBe(first.key);
    const twoItems = nextCheckoutAttempt(moreCash, request({ lines: [{ productId: request().lines[0]!.productId, quantity: 2 }] }), newKey);
    expect(twoItems.key).not.toBe(moreCash.key);
    expect(new Set([first.key, moreCash.key, twoItems.key]).size).toBe(3);
  });

  it('after a finished sale an identical next sale still gets a new key', () => {
    const newKey = keys();
    const product = { id: '00000000-0000-4000-8000-000000000001', name: 'Tea', price: 1000, taxRateBasisPoints: 1000 };
    let cart = cartReducer(EMPTY_CART, { type: 'add', product, lineId: 'a' });
    const sent = nextCheckoutAttempt(cart.attempt, { ...request(), lines: toCheckoutLines(cart) }, newKey);
    cart = cartReducer(cart, { type: 'attemptStarted', attempt: sent });
    // the network failed: the retry goes out with the same key
    expect(nextCheckoutAttempt(cart.attempt, { ...request(), lines: toCheckoutLines(cart) }, newKey).key).toBe(sent.key);
    // it went through; the next customer buys the same thing the same way
    cart = cartReducer(cartReducer(cart, { type: 'clear' }), { type: 'add', product, lineId: 'b' });
    const next = nextCheckoutAttempt(cart.attempt, { ...request(), lines: toCheckoutLines(cart) }, newKey);
    expect(next.key).not.toBe(sent.key);
  });

  it('knows when the outcome of a failed request is unknown (network, 5xx) and when it was refused', () => {
    expect(isOutcomeUnknown({ status: 0 })).toBe(true);
    expect(isOutcomeUnknown({ status: 502 })).toBe(true);
    expect(isOutcomeUnknown({})).toBe(true);
    expect(isOutcomeUnknown({ status: 422 })).toBe(false);
    expect(isOutcomeUnknown({ status: 409 })).toBe(false);
    expect(isOutcomeUnknown(null)).toBe(false);
  });

  it('stableStringify sorts keys and drops undefined', () => {
    expect(stableStringify({ b: 1, a: [{ d: undefined, c: 'x' }] })).toBe('{"a":[{"c":"x"}],"b":1}');
  });
});

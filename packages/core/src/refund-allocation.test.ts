import { describe, expect, it } from 'vitest';
import { allocateRefund, canOverrideRefundMethod, isRefundMethodOverride } from './refund-allocation.ts';

describe('allocateRefund: the money goes back the way it came in', () => {
  it.each([
    { name: 'one card payment takes the whole refund', payments: [{ method: 'card', amount: 1200 }], total: 500, expected: [{ method: 'card', amount: 500 }] },
    {
      name: 'a split sale: the card gives back at most what it took, the rest goes back in cash',
      payments: [{ method: 'card', amount: 1000 }, { method: 'cash', amount: 980 }],
      total: 1375,
      expected: [{ method: 'card', amount: 1000 }, { method: 'cash', amount: 375 }],
    },
    {
      name: 'a split sale refunded for less than the card part stays on the card, whichever was paid first',
      payments: [{ method: 'cash', amount: 980 }, { method: 'card', amount: 1000 }],
      total: 600,
      expected: [{ method: 'card', amount: 600 }],
    },
    {
      name: 'an earlier refund to the card leaves only its balance there',
      payments: [{ method: 'card', amount: 1000 }, { method: 'cash', amount: 980 }, { method: 'card', amount: -800 }],
      total: 500,
      expected: [{ method: 'card', amount: 200 }, { method: 'cash', amount: 300 }],
    },
    {
      name: 'a method used twice gives back what both took; other comes before cash',
      payments: [{ method: 'cash', amount: 300 }, { method: 'other', amount: 100 }, { method: 'cash', amount: 200 }],
      total: 550,
      expected: [{ method: 'other', amount: 100 }, { method: 'cash', amount: 450 }],
    },
    {
      name: 'more than the balances (never allowed by the server) still pays the whole amount, on the last method',
      payments: [{ method: 'card', amount: 100 }, { method: 'cash', amount: 100 }],
      total: 250,
      expected: [{ method: 'card', amount: 100 }, { method: 'cash', amount: 150 }],
    },
    { name: 'nothing to refund gives nothing back', payments: [{ method: 'card', amount: 100 }], total: 0, expected: [] },
    { name: 'an order without payments refunds in cash', payments: [], total: 300, expected: [{ method: 'cash', amount: 300 }] },
  ] as const)('$name', ({ payments, total, expected }) => {
    const shares = allocateRefund(payments, total);
    expect(shares).toEqual(expected);
    expect(shares.reduce((sum, share) => sum + share.amount, 0)).toBe(total);
  });
});

describe('isRefundMethodOverride: a chosen method that is not the way the money came in', () => {
  it.each([
    { name: 'no method chosen is never an override', payments: [{ method: 'card', amount: 500 }], total: 500, method: null, expected: false },
    { name: 'card money back to the card is not', payments: [{ method: 'card', amount: 500 }], total: 500, method: 'card', expected: false },
    { name: 'card money back in cash is', payments: [{ method: 'card', amount: 500 }], total: 500, method: 'cash', expected: true },
    { name: 'cash money back to a card is', payments: [{ method: 'cash', amount: 500 }], total: 500, method: 'card', expected: true },
    { name: 'cash money back in cash is not', payments: [{ method: 'cash', amount: 500 }], total: 200, method: 'cash', expected: false },
    {
      name: 'a split sale refunded past its card part all in cash is',
      payments: [{ method: 'card', amount: 300 }, { method: 'cash', amount: 300 }],
      total: 400,
      method: 'cash',
      expected: true,
    },
    {
      name: 'a split sale refunded within its card part to the card is not',
      payments: [{ method: 'card', amount: 300 }, { method: 'cash', amount: 300 }],
      total: 300,
      method: 'card',
      expected: false,
    },
  ] as const)('$name', ({ payments, total, method, expected }) => {
    expect(isRefundMethodOverride(payments, total, method)).toBe(expected);
  });
});

describe('canOverrideRefundMethod: manager-level roles only', () => {
  it.each([
    ['business_owner', true],
    ['admin', true],
    ['manager', true],
    ['cashier', false],
    ['kitchen', false],
    [null, false],
  ] as const)('%s → %s', (role, expected) => {
    expect(canOverrideRefundMethod(role)).toBe(expected);
  });
});

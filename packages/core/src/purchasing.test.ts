import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  agedPayableBucket,
  canPurchaseOrder,
  dueDateFromTerms,
  invoicePaymentStatus,
  purchaseLineAmounts,
  reorderUnits,
  statusAfterReceiving,
  threeWayMatch,
  weightedAverageCost,
  type PurchaseOrderAction,
  type PurchaseOrderStatus,
} from './purchasing.ts';

describe('weightedAverageCost (issue 13 item 3)', () => {
  it.each([
    // stock, cost, quantity, unit cost → new cost
    [10, 100, 10, 200, 150],
    [0, 100, 5, 80, 80],
    [-4, 100, 5, 80, 80], // sold before received: on hand counts as 0
    [10, null, 5, 80, 80], // no cost yet
    [3, 100, 0, 500, 100], // nothing received: unchanged
    [1, 100, 2, 101, 101], // (100 + 202) / 3 = 100.67 → 101
    [1, 100, 1, 101, 101], // 100.5 → 101, half away from zero
    [2, 100, 1, 101, 100], // 100.33 → 100
    [1, 0, 1, 1, 1], // 0.5 → 1
    [999_999_999, 999_999_999_999, 1, 1_000_000_000_000, 999_999_999_999], // no float error near 1e21
  ])('stock %i at %s, receiving %i at %i → %i', (stockBefore, costBefore, quantity, unitCost, expected) => {
    expect(weightedAverageCost({ stockBefore, costBefore, quantity, unitCost })).toBe(expected);
  });

  it('refuses negative or fractional quantities and costs', () => {
    expect(() => weightedAverageCost({ stockBefore: 1, costBefore: 1, quantity: -1, unitCost: 1 })).toThrow(RangeError);
    expect(() => weightedAverageCost({ stockBefore: 1, costBefore: 1, quantity: 1.5, unitCost: 1 })).toThrow(RangeError);
    expect(() => weightedAverageCost({ stockBefore: 1, costBefore: 1, quantity: 1, unitCost: -1 })).toThrow(RangeError);
  });

  const stock = fc.integer({ min: -1000, max: 1_000_000_000 });
  const cost = fc.integer({ min: 0, max: 1_000_000_000_000 });
  const quantity = fc.integer({ min: 1, max: 1_000_000_000 });

  it('property: the new cost is a whole amount between the old cost and the unit cost', () => {
    fc.assert(
      fc.property(stock, cost, quantity, cost, (stockBefore, costBefore, q, unitCost) => {
        const result = weightedAverageCost({ stockBefore, costBefore, quantity: q, unitCost });
        expect(Number.isInteger(result)).toBe(true);
        expect(result).toBeGreaterThanOrEqual(Math.min(costBefore, unitCost));
        expect(result).toBeLessThanOrEqual(Math.max(costBefore, unitCost));
      }),
    );
  });

  it('property: the stock value is kept to within half a minor unit per unit on hand', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 100_000 }), fc.integer({ min: 0, max: 1_000_000 }), fc.integer({ min: 1, max: 100_000 }), fc.integer({ min: 0, max: 1_000_000 }), (s, c, q, u) => {
        const result = weightedAverageCost({ stockBefore: s, costBefore: c, quantity: q, unitCost: u });
        const exact = s * c + q * u;
        expect(Math.abs(result * (s + q) - exact)).toBeLessThanOrEqual((s + q) / 2);
      }),
    );
  });

  it('property: receiving at the current cost keeps it; receiving into no stock takes the unit cost', () => {
    fc.assert(
      fc.property(stock, cost, quantity, (stockBefore, c, q) => {
        expect(weightedAverageCost({ stockBefore, costBefore: c, quantity: q, unitCost: c })).toBe(c);
        expect(weightedAverageCost({ stockBefore: Math.min(0, stockBefore), costBefore: c, quantity: q, unitCost: 7 })).toBe(7);
      }),
    );
  });
});

describe('purchase order states', () => {
  const table: [PurchaseOrderStatus, PurchaseOrderAction[]][] = [
    ['draft', ['edit', 'send', 'cancel']],
    ['sent', ['receive', 'cancel']],
    ['partly_received', ['receive']],
    ['received', []],
    ['cancelled', []],
  ];
  it.each(table)('%s allows exactly %j', (status, allowed) => {
    for (const action of ['edit', 'send', 'receive', 'cancel'] as const) expect(canPurchaseOrder(status, action)).toBe(allowed.includes(action));
  });

  it('is received once every line has all its units, partly received before', () => {
    expect(statusAfterReceiving([{ quantityOrdered: 5, quantityReceived: 5 }, { quantityOrdered: 3, quantityReceived: 4 }])).toBe('received');
    expect(statusAfterReceiving([{ quantityOrdered: 5, quantityReceived: 5 }, { quantityOrdered: 3, quantityReceived: 2 }])).toBe('partly_received');
  });
});

describe('reorder and line amounts', () => {
  it('orders the reorder quantity, else up to twice the point, in whole packs', () => {
    expect(reorderUnits({ stockQuantity: 2, reorderPoint: 5, reorderQuantity: 20 }, 1)).toBe(20);
    expect(reorderUnits({ stockQuantity: 2, reorderPoint: 5, reorderQuantity: 20 }, 6)).toBe(24);
    expect(reorderUnits({ stockQuantity: 2, reorderPoint: 5, reorderQuantity: null }, 1)).toBe(8);
    expect(reorderUnits({ stockQuantity: 0, reorderPoint: 0, reorderQuantity: null }, 12)).toBe(12);
  });

  it('rounds tax once per line, half away from zero', () => {
    expect(purchaseLineAmounts({ quantity: 3, unitCost: 333, taxRateBp: 1900 })).toEqual({ net: 999, tax: 190, total: 1189 });
    expect(purchaseLineAmounts({ quantity: 1, unitCost: 50, taxRateBp: 700 })).toEqual({ net: 50, tax: 4, total: 54 });
  });
});

describe('purchasing invoices', () => {
  it('dates the due date from the terms, across months and leap days', () => {
    expect(dueDateFromTerms('2026-01-31', 30)).toBe('2026-03-02');
    expect(dueDateFromTerms('2028-02-15', 14)).toBe('2028-02-29');
    expect(dueDateFromTerms('2026-05-01', 0)).toBe('2026-05-01');
  });

  it.each([
    ['2026-03-01', 'current'],
    ['2026-03-02', 'days_1_30'],
    ['2026-03-31', 'days_1_30'],
    ['2026-04-01', 'days_31_60'],
    ['2026-05-30', 'days_61_90'],
    ['2026-05-31', 'days_over_90'],
  ] as const)('ages a balance due 2026-03-01 on %s as %s', (asOf, bucket) => {
    expect(agedPayableBucket('2026-03-01', asOf)).toBe(bucket);
  });

  it('is unpaid, partly paid or paid', () => {
    expect([invoicePaymentStatus(100, 0), invoicePaymentStatus(100, 40), invoicePaymentStatus(100, 100)]).toEqual(['unpaid', 'partly_paid', 'paid']);
  });

  it('matches ordered, received and invoiced quantity and cost', () => {
    const base = { quantityOrdered: 8, unitCostOrdered: 100, quantityReceived: 3, quantityInvoicedBefore: 0 };
    expect(threeWayMatch({ ...base, quantityInvoiced: 3, unitCostInvoiced: 100 })).toMatchObject({ matched: true, deliveryDiffers: true, amountDifference: 0 });
    expect(threeWayMatch({ ...base, quantityInvoiced: 8, unitCostInvoiced: 100 })).toMatchObject({ matched: false, quantityDiffers: true, unitsNotReceived: 5, amountDifference: 500 });
    expect(threeWayMatch({ ...base, quantityInvoiced: 3, unitCostInvoiced: 110 })).toMatchObject({ matched: false, costDiffers: true, amountDifference: 30 });
    // A second invoice for the rest of a line delivered in two parts.
    expect(threeWayMatch({ ...base, quantityReceived: 8, quantityInvoicedBefore: 3, quantityInvoiced: 5, unitCostInvoiced: 100 })).toMatchObject({ matched: true, amountDifference: 0 });
  });
});

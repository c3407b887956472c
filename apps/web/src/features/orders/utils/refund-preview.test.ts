import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  clampRefundQuantity,
  previewRefund,
  refundedAmountsByLine,
  remainingQuantity,
  wholeOrderSelection,
  type RefundableLine,
} from './refund-preview';

const line = (id: string, quantity: number, net: number, tax: number, refunded_quantity = 0): RefundableLine => ({ id, quantity, net, tax, refunded_quantity });
const none = new Map<string, { net: number; tax: number }>();

/** Refunds `steps` one after another on one line, as the server records them; returns what each gave back. */
function refundInSteps(start: RefundableLine, steps: number[]) {
  let current = start;
  const refunds: { lines: { order_line_id: string; net: number; tax: number }[] }[] = [];
  const results = [];
  for (const quantity of steps) {
    const preview = previewRefund([current], refundedAmountsByLine(refunds), { [current.id]: quantity });
    results.push(preview);
    refunds.push({ lines: preview.lines.map((line) => ({ order_line_id: line.orderLineId, net: line.net, tax: line.tax })) });
    current = { ...current, refunded_quantity: current.refunded_quantity + quantity };
  }
  return results;
}

describe('previewRefund', () => {
  it('gives back net and tax in proportion to the quantity', () => {
    // 3 mugs: net 3000, tax 600 (20 %).
    const preview = previewRefund([line('mug', 3, 3000, 600), line('tea', 1, 300, 30)], none, { mug: 2 });
    expect(preview).toEqual({ lines: [{ orderLineId: 'mug', quantity: 2, net: 2000, tax: 400, total: 2400 }], net: 2000, tax: 400, total: 2400 });
  });

  it('rounds each share half away from zero', () => {
    // 2 units of net 5, tax 1: one unit is 2.5 and 0.5 → 3 and 1.
    expect(previewRefund([line('a', 2, 5, 1)], none, { a: 1 }).lines[0]).toMatchObject({ net: 3, tax: 1 });
    // 3 units of net 1000, tax 100: 333.3 and 33.3 → 333 and 33.
    expect(previewRefund([line('a', 3, 1000, 100)], none, { a: 1 }).lines[0]).toMatchObject({ net: 333, tax: 33 });
  });

  it('lets the last units take the remainder, so a line refunded in goes returns exactly what was paid', () => {
    const steps = refundInSteps(line('a', 3, 1000, 100), [1, 1, 1]);
    expect(steps.map((step) => [step.net, step.tax])).toEqual([
      [333, 33],
      [333, 33],
      [334, 34],
    ]);
  });

  it('never gives back more than is left when earlier shares rounded up', () => {
    // 8 units of net 13: each unit rounds 1.625 up to 2, so after six units only 1 is left.
    const steps = refundInSteps(line('a', 8, 13, 0), [1, 1, 1, 1, 1, 1, 1, 1]);
    expect(steps.map((step) => step.net)).toEqual([2, 2, 2, 2, 2, 2, 1, 0]);
  });

  it('adds up to the line exactly for any way of splitting it (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 40 }),
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.array(fc.integer({ min: 1, max: 10 }), { minLength: 1, maxLength: 40 }),
        (quantity, net, tax, rawSteps) => {
          const steps: number[] = [];
          let left = quantity;
          for (const step of rawSteps) {
            if (left === 0) break;
            steps.push(Math.min(step, left));
            left -= Math.min(step, left);
          }
          if (left > 0) steps.push(left);
          const results = refundInSteps(line('a', quantity, net, tax), steps);
          expect(results.reduce((sum, step) => sum + step.net, 0)).toBe(net);
          expect(results.reduce((sum, step) => sum + step.tax, 0)).toBe(tax);
          for (const step of results) expect(step.net).toBeGreaterThanOrEqual(0);
        },
      ),
    );
  });

  it('ignores lines without a quantity and clamps what is asked to what is left', () => {
    const lines = [line('a', 2, 2000, 200, 1), line('b', 1, 500, 50)];
    const preview = previewRefund(lines, new Map([['a', { net: 1000, tax: 100 }]]), { a: 5, b: 0, ghost: 3 });
    expect(preview.lines).toEqual([{ orderLineId: 'a', quantity: 1, net: 1000, tax: 100, total: 1100 }]);
    expect(preview.total).toBe(1100);
  });

  it('is zero when nothing is chosen', () => {
    expect(previewRefund([line('a', 2, 2000, 200)], none, {})).toEqual({ lines: [], net: 0, tax: 0, total: 0 });
  });
});

describe('whole order and quantities', () => {
  const lines = [line('a', 3, 3000, 600, 1), line('b', 1, 300, 30, 1), line('c', 2, 200, 0)];

  it('selects what is left of every line', () => {
    expect(wholeOrderSelection(lines)).toEqual({ a: 2, c: 2 });
    expect(lines.map(remainingQuantity)).toEqual([2, 0, 2]);
  });

  it('clamps a stepper between 0 and what is left', () => {
    expect(clampRefundQuantity(lines[0]!, 5)).toBe(2);
    expect(clampRefundQuantity(lines[0]!, -1)).toBe(0);
    expect(clampRefundQuantity(lines[0]!, 1.7)).toBe(1);
    expect(clampRefundQuantity(lines[0]!, Number.NaN)).toBe(0);
  });

  it('sums what earlier refunds gave back per line', () => {
    const refunds = [
      { lines: [{ order_line_id: 'a', net: 1000, tax: 200 }] },
      { lines: [{ order_line_id: 'a', net: 1000, tax: 200 }, { order_line_id: 'b', net: 300, tax: 30 }] },
    ];
    expect(refundedAmountsByLine(refunds)).toEqual(
      new Map([
        ['a', { net: 2000, tax: 400 }],
        ['b', { net: 300, tax: 30 }],
      ]),
    );
  });
});

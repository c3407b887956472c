import { describe, expect, it } from 'vitest';
import { adjustStockForm, adjustmentFromForm, stockAfter } from './adjust-stock';

describe('stock adjustment form', () => {
  it.each([
    ['add', '5', 10, 15, 5],
    ['remove', '3', 10, 7, -3],
    ['count', '4', 10, 4, -6],
    ['count', '12', 10, 12, 2],
  ] as const)('%s %s on %i → %i (delta %i)', (mode, quantity, current, after, delta) => {
    const form = { mode, quantity, reason: 'Count' };
    expect(adjustStockForm.safeParse(form).success).toBe(true);
    expect(stockAfter(form, current)).toBe(after);
    expect(adjustmentFromForm(form, current)).toEqual({ delta, reason: 'Count', expected_quantity: current });
  });

  it('sends nothing when a count matches the stock', () => {
    expect(adjustmentFromForm({ mode: 'count', quantity: '10', reason: 'Count' }, 10)).toBeNull();
  });

  it.each([
    [{ mode: 'add', quantity: '0', reason: 'x' }, 'Enter a quantity of 1 or more'],
    [{ mode: 'add', quantity: '-2', reason: 'x' }, 'Enter a whole number'],
    [{ mode: 'count', quantity: '1.5', reason: 'x' }, 'Enter a whole number'],
    [{ mode: 'add', quantity: '2', reason: ' ' }, 'Say why the stock changes'],
  ])('refuses %j', (form, message) => {
    const result = adjustStockForm.safeParse(form);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(message);
  });
});

import { describe, expect, it } from 'vitest';
import { stockAvailability, type StockAvailability } from './stock-availability.ts';

const cases: [boolean, number, number | null, StockAvailability][] = [
  [false, 0, null, 'available'],
  [false, -3, 10, 'available'],
  [true, 0, null, 'out of stock'],
  [true, -1, 5, 'out of stock'],
  [true, 1, null, 'low stock'],
  [true, 5, null, 'low stock'],
  [true, 6, null, 'in stock'],
  [true, 10, 10, 'low stock'],
  [true, 11, 10, 'in stock'],
  [true, 1, 0, 'in stock'],
];

describe('stockAvailability', () => {
  it.each(cases)('tracked %s, %i units, threshold %s → %s', (trackStock, stockQuantity, lowStockThreshold, words) => {
    expect(stockAvailability({ trackStock, stockQuantity, lowStockThreshold })).toBe(words);
  });
});

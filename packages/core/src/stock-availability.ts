/**
 * Stock in words, the only form the customer-facing assistant may give (issue 17): never a
 * count. Without a threshold of its own, a product counts as low at 5 units or fewer.
 */
export type StockAvailability = 'available' | 'in stock' | 'low stock' | 'out of stock';

export const DEFAULT_LOW_STOCK_THRESHOLD = 5;

export function stockAvailability(product: { trackStock: boolean; stockQuantity: number; lowStockThreshold: number | null }): StockAvailability {
  if (!product.trackStock) return 'available';
  if (product.stockQuantity <= 0) return 'out of stock';
  if (product.stockQuantity <= (product.lowStockThreshold ?? DEFAULT_LOW_STOCK_THRESHOLD)) return 'low stock';
  return 'in stock';
}

/** The most stock one product may hold (and the least, negated): the column is an int4, and no shop counts past a billion. */
export const MAX_STOCK_QUANTITY = 1_000_000_000;

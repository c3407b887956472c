import type { QueryClient } from '@tanstack/react-query';

/**
 * The query roots a sale or a refund changes in several features at once (features never
 * import one another, so the roots live here and each feature builds its keys on its own):
 * the orders list and order pages, stock on /products, the till's tiles and the customers'
 * histories, and loyalty points and gift card balances.
 */
export const salesQueryRoots = {
  orders: ['orders'],
  products: ['products'],
  pos: ['pos'],
  customers: ['customers'],
  /** Points and gift card balances (decision 064): a sale earns, redeems and sells them. */
  loyalty: ['loyalty'],
} as const;

/** After a sale or a refund: every list and page that shows orders or stock loads again when next shown. */
export async function invalidateSalesQueries(queryClient: QueryClient): Promise<void> {
  await Promise.all(Object.values(salesQueryRoots).map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

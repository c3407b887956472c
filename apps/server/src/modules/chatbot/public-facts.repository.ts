import { and, asc, eq, ilike } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { products } from '../../db/schema/index.ts';

/**
 * What the customer-facing assistant's tools may read about a business: the public columns of
 * active products and nothing else (no cost, no stock count leaves stockAvailability, no staff,
 * no customers). Runs in the widget session's tenant transaction.
 */
export const publicFactsRepository = {
  async searchProducts(tx: Tx, businessId: string, query: string, limit: number) {
    // The visitor's words are matched literally: LIKE's wildcards and escape are escaped.
    const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
    return tx
      .select({
        name: products.name,
        price: products.price,
        trackStock: products.trackStock,
        stockQuantity: products.stockQuantity,
        lowStockThreshold: products.lowStockThreshold,
      })
      .from(products)
      .where(and(eq(products.businessId, businessId), eq(products.isActive, true), query ? ilike(products.searchName, pattern) : undefined))
      .orderBy(asc(products.searchName), asc(products.id))
      .limit(limit);
  },
};

import type { Database } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { toProductView, type ProductView, type ProductViewContext } from './product-view.ts';
import type { ProductStatus } from './products.repository.ts';
import { searchCatalogue } from './search-catalogue.ts';

export interface ListProductsQuery {
  q?: string | undefined;
  categoryId?: string | undefined;
  status: ProductStatus;
  lowStock?: boolean | undefined;
  limit: number;
  cursor?: string | undefined;
}

/**
 * One page of the catalogue by name: names containing q (any case), or SKU / barcode equal to q.
 * A page may hold fewer than `limit` products and still have a next cursor (a 1–2 letter search
 * reads the catalogue a window at a time); only a null next_cursor means the end.
 */
export async function listProducts(
  database: Database,
  businessId: string,
  view: ProductViewContext,
  query: ListProductsQuery,
): Promise<{ products: ProductView[]; next_cursor: string | null }> {
  const after = query.cursor ? decodeCursor(query.cursor) : null;
  return database.withTenant(businessId, async (tx) => {
    const page = await searchCatalogue(tx, businessId, {
      q: query.q,
      filters: { status: query.status, categoryId: query.categoryId, lowStock: query.lowStock },
      after: after ? { sortKey: after.key, id: after.id, common: after.common } : null,
      limit: query.limit,
    });
    return {
      products: page.rows.map((row) => toProductView(row, view)),
      next_cursor: page.next ? encodeCursor(page.next.sortKey, page.next.id, page.next.common) : null,
    };
  });
}

import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';
import { productsKey, type ProductStatus } from './types';

export interface ProductsFilter {
  q: string;
  categoryId: string | null;
  status: ProductStatus;
  lowStock: boolean;
}

export type ProductsPage = ApiAnswer<'/api/products'>;

export const PRODUCTS_PAGE_SIZE = 50;

/** GET /api/products: one page; the server searches names (contains), SKUs and barcodes (exact). */
export function getProducts(filter: ProductsFilter, cursor: string | null, signal?: AbortSignal): Promise<ProductsPage> {
  return dataOf(
    api.GET('/api/products', {
    params: { query: {
      q: filter.q.trim() || undefined,
      category_id: filter.categoryId ?? undefined,
      status: filter.status,
      low_stock: filter.lowStock ? 'true' : undefined,
      limit: PRODUCTS_PAGE_SIZE,
      cursor: cursor ?? undefined,
    } },
    ...(signal ? { signal } : {}),
  }),
  );
}

export const productsListKey = (filter: ProductsFilter) => [...productsKey, 'list', filter] as const;

export function getProductsQueryOptions(filter: ProductsFilter) {
  return infiniteQueryOptions({
    queryKey: productsListKey(filter),
    queryFn: ({ pageParam, signal }) => getProducts(filter, pageParam, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    // Stock and prices change at the till: a list a minute old is worth refreshing.
    staleTime: 30_000,
    // While a new search loads, the previous results stay on screen instead of a blank table.
    placeholderData: keepPreviousData,
  });
}

export function useProducts(filter: ProductsFilter) {
  return useInfiniteQuery(getProductsQueryOptions(filter));
}

import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { posQueryKey } from './types';

/** Tiles per request: a screenful or two, never the whole catalogue. */
export const POS_PAGE_SIZE = 60;

export interface PosProductsQuery {
  /** Name contains (any case), or SKU / barcode equals. */
  q: string;
  categoryId: string | null;
}

/** GET /api/pos/products: active products by name, a page at a time (keyset cursor). */
export function getPosProducts(input: PosProductsQuery & { cursor: string | null }, { signal }: { signal?: AbortSignal } = {}) {
  const query = {
    limit: POS_PAGE_SIZE,
    ...(input.q ? { q: input.q } : {}),
    ...(input.categoryId ? { category_id: input.categoryId } : {}),
    ...(input.cursor ? { cursor: input.cursor } : {}),
  };
  return dataOf(api.GET('/api/pos/products', { params: { query }, ...(signal ? { signal } : {}) }));
}

export const posProductsQueryKey = [...posQueryKey, 'products'] as const;

export function getPosProductsQueryOptions(query: PosProductsQuery) {
  return infiniteQueryOptions({
    queryKey: [...posProductsQueryKey, query] as const,
    queryFn: ({ pageParam, signal }) => getPosProducts({ ...query, cursor: pageParam }, { signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.next_cursor,
    // Stock and prices move during the day; a minute old is fresh enough for the tiles.
    staleTime: 60_000,
    // Keep the old tiles on screen while the next search answers, rather than flashing empty.
    placeholderData: keepPreviousData,
  });
}

export function usePosProducts(query: PosProductsQuery) {
  return useInfiniteQuery(getPosProductsQueryOptions(query));
}

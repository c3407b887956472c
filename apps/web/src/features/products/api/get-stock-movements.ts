import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';
import { productsKey } from './types';

type MovementsPage = ApiAnswer<'/api/products/{id}/stock-movements'>;

/** GET /api/products/{id}/stock-movements: the ledger, newest first. */
export function getStockMovements(productId: string, cursor: string | null, signal?: AbortSignal): Promise<MovementsPage> {
  return dataOf(
    api.GET('/api/products/{id}/stock-movements', { params: { path: { id: productId }, query: { limit: 20, cursor: cursor ?? undefined } }, ...(signal ? { signal } : {}) }),
  );
}

export const stockMovementsKey = (productId: string) => [...productsKey, 'movements', productId] as const;

export function useStockMovements(productId: string, enabled = true) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: stockMovementsKey(productId),
      queryFn: ({ pageParam, signal }) => getStockMovements(productId, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next_cursor,
      staleTime: 0,
      enabled,
    }),
  );
}

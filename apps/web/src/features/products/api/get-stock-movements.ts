import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { productsKey, type StockMovement } from './types';

interface MovementsPage {
  movements: StockMovement[];
  nextCursor: string | null;
}

/** GET /api/products/{id}/stock-movements: the ledger, newest first. */
export function getStockMovements(productId: string, cursor: string | null, signal?: AbortSignal): Promise<MovementsPage> {
  return apiClient.get<MovementsPage>(`/api/products/${productId}/stock-movements`, {
    query: { limit: 20, cursor: cursor ?? undefined },
    ...(signal ? { signal } : {}),
  });
}

export const stockMovementsKey = (productId: string) => [...productsKey, 'movements', productId] as const;

export function useStockMovements(productId: string, enabled = true) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: stockMovementsKey(productId),
      queryFn: ({ pageParam, signal }) => getStockMovements(productId, pageParam, signal),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 0,
      enabled,
    }),
  );
}

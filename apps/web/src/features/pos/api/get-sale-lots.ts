import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { posQueryKey } from './types';

/** GET /api/pos/products/{id}/lots: the lots a sale line may name in this till's store, first to expire first (decision 058). */
export function getSaleLots(productId: string, { signal }: { signal?: AbortSignal } = {}) {
  return dataOf(api.GET('/api/pos/products/{id}/lots', { params: { path: { id: productId } }, ...(signal ? { signal } : {}) }));
}

export type SaleLots = Awaited<ReturnType<typeof getSaleLots>>;

/** Read when a line's dialog opens, fresh each time (stock moves with every sale). */
export function useSaleLots(productId: string) {
  return useQuery({
    queryKey: [...posQueryKey, 'lots', productId] as const,
    queryFn: ({ signal }) => getSaleLots(productId, { signal }),
    staleTime: 0,
  });
}

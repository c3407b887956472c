import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';
import { posQueryKey } from './types';

export type OftenBoughtWith = ApiAnswer<'/api/ai/often-bought-with'>['suggestions'][number];

/** GET /api/ai/often-bought-with: what the cart's products are most often bought with (issue 15 item 4). */
export function getOftenBoughtWith(productIds: string[], { signal }: { signal?: AbortSignal } = {}) {
  return dataOf(api.GET('/api/ai/often-bought-with', { params: { query: { product_ids: productIds.join(','), limit: 3 } }, ...(signal ? { signal } : {}) }));
}

export function useOftenBoughtWith(productIds: string[]) {
  const key = [...new Set(productIds)].sort();
  return useQuery(
    queryOptions({
      queryKey: [...posQueryKey, 'often-bought-with', key] as const,
      queryFn: ({ signal }) => getOftenBoughtWith(key, { signal }),
      select: (data) => data.suggestions,
      enabled: key.length > 0,
      // A hint, never in the way: no retries, no error shown, the last hints kept while the next load.
      retry: false,
      staleTime: 5 * 60_000,
      placeholderData: keepPreviousData,
    }),
  );
}

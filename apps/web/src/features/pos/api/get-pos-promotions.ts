import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { posQueryKey } from './types';

/** GET /api/pos/promotions: the active promotions the cart is priced with (decision 050). */
export const posPromotionsQueryKey = [...posQueryKey, 'promotions'] as const;

export function usePosPromotions(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: posPromotionsQueryKey,
      queryFn: ({ signal }) => dataOf(api.GET('/api/pos/promotions', { signal })),
      enabled,
      // A promotion starts or ends on the clock: checkout prices it again, and a total the till got
      // wrong comes back as the server's to accept.
      staleTime: 60_000,
      refetchInterval: 5 * 60_000,
    }),
  );
}

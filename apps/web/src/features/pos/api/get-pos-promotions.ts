import { queryOptions, useQuery } from '@tanstack/react-query';
import { promotionFromRecord } from '@till/core';
import { api, dataOf } from '@/lib/api';
import { posQueryKey } from './types';

/** GET /api/pos/promotions: the active promotions the cart is priced with (decision 050). */
export const posPromotionsQueryKey = [...posQueryKey, 'promotions'] as const;

export function usePosPromotions(enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: posPromotionsQueryKey,
      queryFn: async ({ signal }) => {
        const answer = await dataOf(api.GET('/api/pos/promotions', { signal }));
        // Core's pricing reads its own casing.
        return { timeZone: answer.time_zone, promotions: answer.promotions.map(promotionFromRecord) };
      },
      enabled,
      // A promotion starts or ends on the clock: checkout prices it again, and a total the till got
      // wrong comes back as the server's to accept.
      staleTime: 60_000,
      refetchInterval: 5 * 60_000,
    }),
  );
}

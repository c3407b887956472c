import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';
import { posQueryKey } from './types';

/**
 * The till's reads of loyalty_program (decision 064, 066), under the till's query root so a sale
 * (invalidateSalesQueries) refreshes them: the rules, a customer's points, a card's balance.
 * Imported only by the till's lazy loyalty chunks.
 */
const loyaltyKey = [...posQueryKey, 'loyalty'] as const;

export type TillLoyaltySettings = ApiAnswer<'/api/loyalty/settings'>;
export type TillCustomerLoyalty = ApiAnswer<'/api/loyalty/customers/{id}'>;
export type GiftCardBalance = ApiAnswer<'/api/pos/gift-cards/check', 'post'>;

/** GET /api/loyalty/settings: spend per point, what a point pays, the tiers. */
export function useTillLoyaltySettings() {
  return useQuery(
    queryOptions({
      queryKey: [...loyaltyKey, 'settings'],
      queryFn: ({ signal }) => dataOf(api.GET('/api/loyalty/settings', { signal })),
      staleTime: 5 * 60_000,
    }),
  );
}

/** GET /api/loyalty/customers/{id}: the attached customer's points, tier and history. */
export function useTillCustomerLoyalty(customerId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...loyaltyKey, 'customer', customerId],
      queryFn: ({ signal }) => dataOf(api.GET('/api/loyalty/customers/{id}', { params: { path: { id: customerId } }, signal })),
      staleTime: 30_000,
    }),
  );
}

/** POST /api/pos/gift-cards/check: a card's balance by its code (the code in the body, never in an address). */
export function checkGiftCard(code: string): Promise<GiftCardBalance> {
  return dataOf(api.POST('/api/pos/gift-cards/check', { body: { code } }));
}

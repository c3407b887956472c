import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';

/** Loyalty points and gift cards (decision 064): one query key tree, invalidated after each write. */
export const loyaltyKey = ['loyalty'] as const;

export type LoyaltySettingsAnswer = ApiAnswer<'/api/loyalty/settings'>;
export type LoyaltySettingsBody = ApiBody<'/api/loyalty/settings', 'put'>;
export type CustomerLoyalty = ApiAnswer<'/api/loyalty/customers/{id}'>;
export type GiftCardRow = ApiAnswer<'/api/gift-cards'>['gift_cards'][number];

export function useLoyaltySettings() {
  return useQuery(
    queryOptions({
      queryKey: [...loyaltyKey, 'settings'],
      queryFn: async ({ signal }) => dataOf(api.GET('/api/loyalty/settings', { signal })),
    }),
  );
}

export function useSaveLoyaltySettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: LoyaltySettingsBody) => dataOf(api.PUT('/api/loyalty/settings', { body })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: loyaltyKey }),
  });
}

export function useCustomerLoyalty(customerId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...loyaltyKey, 'customer', customerId],
      queryFn: async ({ signal }) => dataOf(api.GET('/api/loyalty/customers/{id}', { params: { path: { id: customerId! } }, signal })),
      enabled: Boolean(customerId),
    }),
  );
}

export function useGiftCards() {
  return useQuery(
    queryOptions({
      queryKey: [...loyaltyKey, 'gift-cards'],
      queryFn: async ({ signal }) => dataOf(api.GET('/api/gift-cards', { signal })),
    }),
  );
}

export function useGiftCard(id: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...loyaltyKey, 'gift-card', id],
      queryFn: async ({ signal }) => dataOf(api.GET('/api/gift-cards/{id}', { params: { path: { id: id! } }, signal })),
      enabled: Boolean(id),
    }),
  );
}

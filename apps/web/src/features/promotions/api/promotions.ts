import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';

/** Promotions (decision 050): one query key tree, invalidated after each write (the till's too). */
export const promotionsKey = ['promotions'] as const;

export type PromotionRow = ApiAnswer<'/api/promotions'>['promotions'][number];
export type PromotionBody = ApiBody<'/api/promotions'>;

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: promotionsKey }), queryClient.invalidateQueries({ queryKey: ['pos', 'promotions'] })]);
}

export function usePromotions() {
  return useQuery(
    queryOptions({
      queryKey: [...promotionsKey, 'list'],
      queryFn: async ({ signal }): Promise<PromotionRow[]> => (await dataOf(api.GET('/api/promotions', { signal }))).promotions,
    }),
  );
}

/** What a promotion can target: the till's categories and products (first page, by name). */
export function usePromotionTargets() {
  return useQuery(
    queryOptions({
      queryKey: [...promotionsKey, 'targets'],
      queryFn: async ({ signal }) => {
        const [categories, products] = await Promise.all([
          dataOf(api.GET('/api/pos/categories', { signal })),
          dataOf(api.GET('/api/pos/products', { params: { query: { limit: 200 } }, signal })),
        ]);
        return { categories: categories.categories, products: products.products };
      },
    }),
  );
}

export function useCreatePromotion() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: PromotionBody) => dataOf(api.POST('/api/promotions', { body })), onSuccess: invalidate });
}

export function useReplacePromotion() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: PromotionBody }) => dataOf(api.PUT('/api/promotions/{id}', { params: { path: { id } }, body })),
    onSuccess: invalidate,
  });
}

import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';

export const rebatesQueryKey = ['rebate-agreements'] as const;

/** The rebate routes' bodies and answers, named for the components: the server's route schemas, never copies. */
export type RebateTerms = ApiBody<'/api/rebate-agreements'>;
export type RebateAgreement = ApiAnswer<'/api/rebate-agreements'>['agreements'][number];
export type RebateResult = RebateAgreement['result'];
export type RebateSupplier = ApiAnswer<'/api/suppliers'>['suppliers'][number];
export type RebateSupplierProduct = ApiAnswer<'/api/suppliers/{id}'>['products'][number];

/** GET /api/rebate-agreements: every agreement with what it earns today. */
export function useRebateAgreements(enabled: boolean) {
  return useQuery({
    queryKey: [...rebatesQueryKey, 'list'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/rebate-agreements', { signal })),
    select: (answer) => answer.agreements,
    enabled,
  });
}

/** The suppliers to choose from (the first 100 by name, archived ones included: an old agreement may name one). */
export function useRebateSuppliers(enabled: boolean) {
  return useQuery({
    queryKey: [...rebatesQueryKey, 'suppliers'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/suppliers', { params: { query: { limit: 100, include_archived: 'true' } }, signal })),
    select: (answer) => answer.suppliers,
    enabled,
  });
}

/** The products a supplier supplies, to limit an agreement to some of them. */
export function useRebateSupplierProducts(supplierId: string | null) {
  return useQuery({
    queryKey: [...rebatesQueryKey, 'supplier-products', supplierId] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/suppliers/{id}', { params: { path: { id: supplierId ?? '' } }, signal })),
    select: (answer) => answer.products,
    enabled: supplierId !== null,
  });
}

export function useTryRebate() {
  return useMutation({ mutationFn: async (terms: RebateTerms) => (await dataOf(api.POST('/api/rebate-agreements/try', { body: terms }))).result });
}

export function useSaveRebate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; terms: RebateTerms }) =>
      input.id
        ? dataOf(api.PUT('/api/rebate-agreements/{id}', { params: { path: { id: input.id } }, body: input.terms }))
        : dataOf(api.POST('/api/rebate-agreements', { body: input.terms })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rebatesQueryKey }),
  });
}

export function useDeleteRebate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => dataOf(api.DELETE('/api/rebate-agreements/{id}', { params: { path: { id } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rebatesQueryKey }),
  });
}

import type { RebateBasis, RebateKind, RebateTier } from '@till/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const rebatesQueryKey = ['rebate-agreements'] as const;

export interface RebateTerms {
  supplierId: string;
  name: string;
  kind: RebateKind;
  basis: RebateBasis;
  tiers: RebateTier[];
  startsOn: string;
  endsOn: string;
  productIds: string[] | null;
  notes: string | null;
}

export interface RebateResult {
  currency: string;
  quantity: number;
  spend: number;
  tierIndex: number | null;
  earned: number;
  next: { tierIndex: number; threshold: number; missing: number; rebateAtNext: number | null; gain: number | null } | null;
  products: { productId: string; name: string; sku: string | null; quantity: number; spend: number; rebate: number; averageUnitCost: number; effectiveUnitCost: number }[];
}

export interface RebateAgreement {
  id: string;
  supplier: { id: string; name: string };
  name: string;
  kind: RebateKind;
  basis: RebateBasis;
  tiers: RebateTier[];
  startsOn: string;
  endsOn: string;
  productIds: string[];
  notes: string | null;
  result: RebateResult;
}

export interface RebateSupplier {
  id: string;
  name: string;
  isActive: boolean;
}

export interface RebateSupplierProduct {
  productId: string;
  name: string;
  sku: string | null;
}

/** GET /api/rebate-agreements: every agreement with what it earns today. */
export function useRebateAgreements(enabled: boolean) {
  return useQuery({
    queryKey: [...rebatesQueryKey, 'list'] as const,
    queryFn: ({ signal }) => apiClient.get<{ agreements: RebateAgreement[] }>('/api/rebate-agreements', { signal }),
    select: (answer) => answer.agreements,
    enabled,
  });
}

/** The suppliers to choose from (the first 100 by name, archived ones included: an old agreement may name one). */
export function useRebateSuppliers(enabled: boolean) {
  return useQuery({
    queryKey: [...rebatesQueryKey, 'suppliers'] as const,
    queryFn: ({ signal }) => apiClient.get<{ suppliers: RebateSupplier[] }>('/api/suppliers', { query: { limit: 100, includeArchived: 'true' }, signal }),
    select: (answer) => answer.suppliers,
    enabled,
  });
}

/** The products a supplier supplies, to limit an agreement to some of them. */
export function useRebateSupplierProducts(supplierId: string | null) {
  return useQuery({
    queryKey: [...rebatesQueryKey, 'supplier-products', supplierId] as const,
    queryFn: ({ signal }) => apiClient.get<{ products: RebateSupplierProduct[] }>(`/api/suppliers/${supplierId}`, { signal }),
    select: (answer) => answer.products,
    enabled: supplierId !== null,
  });
}

export function useTryRebate() {
  return useMutation({ mutationFn: async (terms: RebateTerms) => (await apiClient.post<{ result: RebateResult }>('/api/rebate-agreements/try', terms)).result });
}

export function useSaveRebate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { id: string | null; terms: RebateTerms }) =>
      input.id
        ? apiClient.put<{ agreement: RebateAgreement; result: RebateResult }>(`/api/rebate-agreements/${input.id}`, input.terms)
        : apiClient.post<{ agreement: RebateAgreement; result: RebateResult }>('/api/rebate-agreements', input.terms),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rebatesQueryKey }),
  });
}

export function useDeleteRebate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiClient.delete<{ deleted: true }>(`/api/rebate-agreements/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: rebatesQueryKey }),
  });
}

import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const suppliersQueryKey = ['suppliers'] as const;

export interface Supplier {
  id: string;
  name: string;
  contactName: string | null;
  email: string | null;
  phone: string | null;
  address: string | null;
  taxNumber: string | null;
  paymentTermsDays: number;
  leadTimeDays: number | null;
  currencyNote: string | null;
  notes: string | null;
  isActive: boolean;
  createdAt: string;
  updatedAt: string;
}

export interface SupplierListItem extends Supplier {
  productCount: number;
}

export interface SupplierProduct {
  productId: string;
  name: string;
  sku: string | null;
  supplierCode: string | null;
  packSize: number;
  lastCost: number | null;
  cost: number | null;
  trackStock: boolean;
  stockQuantity: number;
  lowStockThreshold: number | null;
  reorderPoint: number | null;
  reorderQuantity: number | null;
  isActive: boolean;
}

export interface SupplierDetail {
  supplier: Supplier;
  products: SupplierProduct[];
}

/** What the supplier form sends: blank texts clear a field. */
export interface SupplierPayload {
  name: string;
  contactName: string;
  email: string;
  phone: string;
  address: string;
  taxNumber: string;
  paymentTermsDays: number;
  leadTimeDays: number | null;
  currencyNote: string;
  notes: string;
}

export interface SupplierProductPayload {
  supplierCode?: string | null;
  packSize?: number;
  lastCost?: number | null;
  reorderPoint?: number | null;
  reorderQuantity?: number | null;
}

interface SuppliersPage {
  suppliers: SupplierListItem[];
  nextCursor: string | null;
}

/** GET /api/suppliers: by name; archived ones too when asked; a page at a time. */
export function useSuppliers(q: string, includeArchived: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...suppliersQueryKey, 'list', { q, includeArchived }],
      queryFn: ({ pageParam, signal }) =>
        apiClient.get<SuppliersPage>('/api/suppliers', { query: { q: q || undefined, includeArchived: includeArchived ? 'true' : undefined, cursor: pageParam, limit: 50 }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      staleTime: 30_000,
    }),
  );
}

export const supplierQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...suppliersQueryKey, 'detail', id], queryFn: ({ signal }) => apiClient.get<SupplierDetail>(`/api/suppliers/${id}`, { signal }) });

/** GET /api/suppliers/{id}: the supplier and the products it supplies. */
export function useSupplier(id: string | null) {
  return useQuery({ ...supplierQueryOptions(id ?? ''), enabled: id !== null });
}

export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: SupplierPayload) => (await apiClient.post<{ supplier: Supplier }>('/api/suppliers', payload)).supplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
  });
}

export function useUpdateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: Partial<SupplierPayload> & { isActive?: boolean } }) =>
      (await apiClient.patch<{ supplier: Supplier }>(`/api/suppliers/${id}`, changes)).supplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
  });
}

export function useSetSupplierProduct(supplierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, payload }: { productId: string; payload: SupplierProductPayload }) =>
      apiClient.put<SupplierDetail>(`/api/suppliers/${supplierId}/products/${productId}`, payload),
    onSuccess: (detail) => {
      queryClient.setQueryData(supplierQueryOptions(supplierId).queryKey, detail);
      return queryClient.invalidateQueries({ queryKey: [...suppliersQueryKey, 'list'] });
    },
  });
}

export function useRemoveSupplierProduct(supplierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => apiClient.delete<SupplierDetail>(`/api/suppliers/${supplierId}/products/${productId}`),
    onSuccess: (detail) => {
      queryClient.setQueryData(supplierQueryOptions(supplierId).queryKey, detail);
      return queryClient.invalidateQueries({ queryKey: [...suppliersQueryKey, 'list'] });
    },
  });
}

/** GET /api/suppliers/export.csv, saved as a file by the browser. */
export function useExportSuppliers() {
  return useMutation({
    mutationFn: async () => {
      const { blob, fileName } = await apiClient.download('/api/suppliers/export.csv');
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName ?? 'suppliers.csv';
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    },
  });
}

export interface CatalogueMatch {
  id: string;
  name: string;
  sku: string | null;
  cost: number | null;
  trackStock: boolean;
}

/** GET /api/products?q=: products to link to a supplier. */
export function useCatalogueSearch(q: string) {
  return useQuery({
    queryKey: ['products', 'supplier-picker', q],
    queryFn: ({ signal }) => apiClient.get<{ products: CatalogueMatch[] }>('/api/products', { query: { q: q || undefined, limit: 20 }, signal }),
    staleTime: 30_000,
  });
}

export interface ImportRowError {
  row: number;
  field: string;
  message: string;
}

/** POST /api/suppliers/import: all rows or none; a rejected file's problems are in the error's `rows`. */
export function useImportSuppliers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (csv: string) => apiClient.post<{ created: number; updated: number; unchanged: number }>('/api/suppliers/import', { csv }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
  });
}

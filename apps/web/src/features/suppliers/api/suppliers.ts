import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, fileOf, type ApiAnswer, type ApiBody } from '@/lib/api';
import { saveFile } from '@/lib/save-file';

export const suppliersQueryKey = ['suppliers'] as const;

/** The supplier routes' answers, named for the components: the server's route schemas, never copies. */
export type SupplierDetail = ApiAnswer<'/api/suppliers/{id}'>;
export type Supplier = SupplierDetail['supplier'];
export type SupplierProduct = SupplierDetail['products'][number];
export type SupplierListItem = ApiAnswer<'/api/suppliers'>['suppliers'][number];

/** What the supplier form sends: blank texts clear a field. */
export interface SupplierPayload {
  name: string;
  contact_name: string;
  email: string;
  phone: string;
  address: string;
  tax_number: string;
  payment_terms_days: number;
  lead_time_days: number | null;
  currency_note: string;
  notes: string;
}

export type SupplierProductPayload = ApiBody<'/api/suppliers/{id}/products/{productId}', 'put'>;

/** GET /api/suppliers: by name; archived ones too when asked; a page at a time. */
export function useSuppliers(q: string, includeArchived: boolean) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...suppliersQueryKey, 'list', { q, includeArchived }],
      queryFn: ({ pageParam, signal }) =>
        dataOf(api.GET('/api/suppliers', { params: { query: { q: q || undefined, include_archived: includeArchived ? 'true' : undefined, cursor: pageParam ?? undefined, limit: 50 } }, signal })),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next_cursor,
      staleTime: 30_000,
    }),
  );
}

export const supplierQueryOptions = (id: string) =>
  queryOptions({ queryKey: [...suppliersQueryKey, 'detail', id], queryFn: ({ signal }) => dataOf(api.GET('/api/suppliers/{id}', { params: { path: { id } }, signal })) });

/** GET /api/suppliers/{id}: the supplier and the products it supplies. */
export function useSupplier(id: string | null) {
  return useQuery({ ...supplierQueryOptions(id ?? ''), enabled: id !== null });
}

export function useCreateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (payload: SupplierPayload) => (await dataOf(api.POST('/api/suppliers', { body: payload }))).supplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
  });
}

export function useUpdateSupplier() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, changes }: { id: string; changes: Partial<SupplierPayload> & { is_active?: boolean } }) =>
      (await dataOf(api.PATCH('/api/suppliers/{id}', { params: { path: { id } }, body: changes }))).supplier,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
  });
}

export function useSetSupplierProduct(supplierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ productId, payload }: { productId: string; payload: SupplierProductPayload }) =>
      dataOf(api.PUT('/api/suppliers/{id}/products/{productId}', { params: { path: { id: supplierId, productId } }, body: payload })),
    onSuccess: (detail) => {
      queryClient.setQueryData(supplierQueryOptions(supplierId).queryKey, detail);
      return queryClient.invalidateQueries({ queryKey: [...suppliersQueryKey, 'list'] });
    },
  });
}

export function useRemoveSupplierProduct(supplierId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => dataOf(api.DELETE('/api/suppliers/{id}/products/{productId}', { params: { path: { id: supplierId, productId } } })),
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
      const { blob, fileName } = await fileOf(api.GET('/api/suppliers/export.csv', { parseAs: 'blob' }));
      saveFile(blob, fileName ?? 'suppliers.csv');
    },
  });
}

export type CatalogueMatch = ApiAnswer<'/api/products'>['products'][number];

/** GET /api/products?q=: products to link to a supplier. */
export function useCatalogueSearch(q: string) {
  return useQuery({
    queryKey: ['products', 'supplier-picker', q],
    queryFn: ({ signal }) => dataOf(api.GET('/api/products', { params: { query: { q: q || undefined, limit: 20 } }, signal })),
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
    mutationFn: (csv: string) => dataOf(api.POST('/api/suppliers/import', { body: { csv } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: suppliersQueryKey }),
  });
}

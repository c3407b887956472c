import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';

/** Stores and transfers (issue 14 items 1–2): one query key tree, invalidated after each write. */
export const storesKey = ['stores'] as const;
// Stock moves with transfers: products and stock control refresh too.
const productsKey = ['products'] as const;
const stockControlKey = ['stock-control'] as const;

export type Store = ApiAnswer<'/api/stores'>['stores'][number];
export type Transfer = ApiAnswer<'/api/stock-transfers'>['transfers'][number];
export type StoreBody = ApiBody<'/api/stores'>;
export type TransferBody = ApiBody<'/api/stock-transfers'>;
export type StoreStock = ApiAnswer<'/api/products/{id}/store-stock'>['stores'][number];

function useInvalidate() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: storesKey }),
      queryClient.invalidateQueries({ queryKey: productsKey }),
      queryClient.invalidateQueries({ queryKey: stockControlKey }),
    ]);
}

export function useStores(enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: [...storesKey, 'list'],
      queryFn: async ({ signal }): Promise<Store[]> => (await dataOf(api.GET('/api/stores', { signal }))).stores,
      enabled,
    }),
  );
}

export function useCreateStore() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: StoreBody) => dataOf(api.POST('/api/stores', { body })), onSuccess: invalidate });
}

export function useUpdateStore() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: ApiBody<'/api/stores/{id}', 'patch'> }) => dataOf(api.PATCH('/api/stores/{id}', { params: { path: { id } }, body })),
    onSuccess: invalidate,
  });
}

export function useTransfers(status: Transfer['status'] | null) {
  return useQuery(
    queryOptions({
      queryKey: [...storesKey, 'transfers', status],
      queryFn: async ({ signal }): Promise<Transfer[]> => (await dataOf(api.GET('/api/stock-transfers', { params: { query: { status: status ?? undefined } }, signal }))).transfers,
      placeholderData: keepPreviousData,
    }),
  );
}

export function useCreateTransfer() {
  const invalidate = useInvalidate();
  return useMutation({ mutationFn: (body: TransferBody) => dataOf(api.POST('/api/stock-transfers', { body })), onSuccess: invalidate });
}

export type TransferStep =
  | { action: 'send'; id: string; idempotencyKey: string }
  | { action: 'receive'; id: string; idempotencyKey: string; lines: { productId: string; receivedQuantity: number }[] }
  | { action: 'cancel'; id: string };

export function useTransferStep() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (step: TransferStep) => {
      const path = { params: { path: { id: step.id } } };
      if (step.action === 'send') return dataOf(api.POST('/api/stock-transfers/{id}/send', { ...path, body: { idempotency_key: step.idempotencyKey } }));
      if (step.action === 'receive') return dataOf(api.POST('/api/stock-transfers/{id}/receive', { ...path, body: { idempotency_key: step.idempotencyKey, lines: step.lines.map((line) => ({ product_id: line.productId, received_quantity: line.receivedQuantity })) } }));
      return dataOf(api.POST('/api/stock-transfers/{id}/cancel', path));
    },
    onSuccess: invalidate,
  });
}

/** One product's stock in each store, with what is on its way. */
export function useProductStoreStock(productId: string, enabled = true) {
  return useQuery(
    queryOptions({
      queryKey: [...storesKey, 'product-stock', productId],
      queryFn: async ({ signal }): Promise<StoreStock[]> => (await dataOf(api.GET('/api/products/{id}/store-stock', { params: { path: { id: productId } }, signal }))).stores,
      enabled,
    }),
  );
}

/** The given products' stock in one store (the stock list's store filter). */
export function useStoreQuantities(storeId: string | null, productIds: string[]) {
  return useQuery(
    queryOptions({
      queryKey: [...storesKey, 'store-stock', storeId, productIds],
      queryFn: async ({ signal }): Promise<Map<string, number>> => {
        const answer = await dataOf(api.GET('/api/stores/{id}/stock', { params: { path: { id: storeId! }, query: { product_ids: productIds.join(',') } }, signal }));
        return new Map(answer.stock.map((row) => [row.product_id, row.quantity]));
      },
      enabled: Boolean(storeId) && productIds.length > 0,
      placeholderData: keepPreviousData,
    }),
  );
}

export function useEmployeeStores(employeeId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...storesKey, 'employee', employeeId],
      queryFn: async ({ signal }): Promise<string[]> => (await dataOf(api.GET('/api/employees/{id}/stores', { params: { path: { id: employeeId } }, signal }))).store_ids,
      enabled,
    }),
  );
}

export function useAssignEmployeeStores() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ employeeId, storeIds }: { employeeId: string; storeIds: string[] }) =>
      dataOf(api.PUT('/api/employees/{id}/stores', { params: { path: { id: employeeId } }, body: { store_ids: storeIds } })),
    onSuccess: invalidate,
  });
}

export function useMoveRegister() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ registerId, storeId }: { registerId: string; storeId: string }) =>
      dataOf(api.PUT('/api/registers/{id}/store', { params: { path: { id: registerId } }, body: { store_id: storeId } })),
    onSuccess: () => queryClient.invalidateQueries(),
  });
}

export type ProductOption = ApiAnswer<'/api/products'>['products'][number];

/** Tracked products matching a search (name, SKU or barcode): what a transfer or the stock list can hold. */
export function useTrackedProducts(q: string, limit = 20) {
  return useQuery(
    queryOptions({
      queryKey: [...productsKey, 'store-options', q, limit],
      queryFn: async ({ signal }) => {
        const page = await dataOf(api.GET('/api/products', { params: { query: { q: q || undefined, status: 'active', limit } }, signal }));
        return page.products.filter((product) => product.track_stock);
      },
      placeholderData: keepPreviousData,
    }),
  );
}

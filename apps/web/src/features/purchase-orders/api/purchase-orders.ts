import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PurchaseOrderStatus } from '@till/core';
import { api, dataOf, fileOf, type ApiAnswer, type ApiBody } from '@/lib/api';

export const purchaseOrdersQueryKey = ['purchase-orders'] as const;

/** The purchasing routes' answers, named for the components: the server's route schemas, never copies. */
export type PurchaseOrderListItem = ApiAnswer<'/api/purchase-orders'>['purchase_orders'][number];
export type PurchaseOrder = ApiAnswer<'/api/purchase-orders/{id}'>['purchase_order'];
export type PurchaseOrderLine = PurchaseOrder['lines'][number];
export type GoodsReceipt = PurchaseOrder['receipts'][number];
export type ReceiveLine = ApiBody<'/api/goods-receipts'>['lines'][number];

/** GET /api/purchase-orders: newest first, optionally of one status; a page at a time. */
export function usePurchaseOrders(status: PurchaseOrderStatus | null) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...purchaseOrdersQueryKey, 'list', { status }],
      queryFn: ({ pageParam, signal }) =>
        dataOf(api.GET('/api/purchase-orders', { params: { query: { status: status ?? undefined, cursor: pageParam ?? undefined, limit: 50 } }, signal })),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.next_cursor,
      staleTime: 30_000,
    }),
  );
}

const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...purchaseOrdersQueryKey, 'detail', id],
    queryFn: async ({ signal }) => (await dataOf(api.GET('/api/purchase-orders/{id}', { params: { path: { id } }, signal }))).purchase_order,
  });

export function usePurchaseOrder(id: string | null) {
  return useQuery({ ...orderQueryOptions(id ?? ''), enabled: id !== null });
}

function useOrderMutation<Input>(run: (input: Input) => Promise<PurchaseOrder>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: (order) => {
      queryClient.setQueryData(orderQueryOptions(order.id).queryKey, order);
      // Receiving changes stock and costs: the catalogue and suppliers read them too.
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: [...purchaseOrdersQueryKey, 'list'] }),
        queryClient.invalidateQueries({ queryKey: ['products'] }),
        queryClient.invalidateQueries({ queryKey: ['suppliers'] }),
      ]);
    },
  });
}

export const useSendPurchaseOrder = () =>
  useOrderMutation(async (id: string) => (await dataOf(api.POST('/api/purchase-orders/{id}/send', { params: { path: { id } } }))).purchase_order);

export const useCancelPurchaseOrder = () => useOrderMutation(async (id: string) => (await dataOf(api.POST('/api/purchase-orders/{id}/cancel', { params: { path: { id } } }))).purchase_order);

export const useCreatePurchaseOrder = () =>
  useOrderMutation(
    async (input: { supplier_id: string; expected_date: string | null; notes: string; lines: { product_id: string; quantity: number; pack_size: number }[] }) =>
      (await dataOf(api.POST('/api/purchase-orders', { body: { ...input, notes: input.notes.trim() || null } }))).purchase_order,
  );

/**
 * POST /api/goods-receipts. The idempotency key is made when the receiving form opens and kept
 * for every retry of that delivery, so a retry after a lost answer never adds stock twice.
 */
export const useReceiveGoods = () =>
  useOrderMutation(async (input: { idempotency_key: string; purchase_order_id: string; store_id?: string; note: string; lines: ReceiveLine[] }) => {
    const result = await dataOf(api.POST('/api/goods-receipts', { body: { ...input, note: input.note.trim() || null } }));
    // A delivery against an order always answers with that order; only a receipt without one answers null.
    if (!result.purchase_order) throw new Error('The delivery was received, but its purchase order was not returned.');
    return result.purchase_order;
  });

export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      dataOf(api.POST('/api/purchase-orders/reorder')),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseOrdersQueryKey }),
  });
}

/** The order's PDF, opened in a new tab to print or save. */
export async function openPurchaseOrderPdf(id: string): Promise<void> {
  const opened = window.open('', '_blank');
  const { blob } = await fileOf(api.GET('/api/purchase-orders/{id}/pdf', { params: { path: { id } }, parseAs: 'blob' }));
  const url = URL.createObjectURL(blob);
  if (opened) opened.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export type SupplierOption = ApiAnswer<'/api/suppliers'>['suppliers'][number];
export type SupplierProductOption = ApiAnswer<'/api/suppliers/{id}'>['products'][number];

/** Active suppliers to order from (GET /api/suppliers). */
export function useSupplierOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['suppliers', 'options'],
    queryFn: async ({ signal }) => (await dataOf(api.GET('/api/suppliers', { params: { query: { limit: 100 } }, signal }))).suppliers,
    enabled,
  });
}

/** What a supplier supplies (GET /api/suppliers/{id}), to fill an order's lines. */
export function useSupplierProductOptions(supplierId: string | null) {
  return useQuery({
    queryKey: ['suppliers', 'detail', supplierId ?? ''],
    queryFn: ({ signal }) => dataOf(api.GET('/api/suppliers/{id}', { params: { path: { id: supplierId ?? '' } }, signal })),
    enabled: supplierId !== null,
  });
}

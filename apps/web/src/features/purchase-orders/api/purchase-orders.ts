import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PurchaseOrderStatus } from '@till/core';
import { apiClient } from '@/lib/api-client';

export const purchaseOrdersQueryKey = ['purchase-orders'] as const;

export interface PurchaseOrderListItem {
  id: string;
  number: number;
  label: string;
  status: PurchaseOrderStatus;
  supplier: { id: string; name: string };
  expectedDate: string | null;
  lineCount: number;
  net: number;
  currency: string;
  createdAt: string;
  sentAt: string | null;
}

export interface PurchaseOrderLine {
  id: string;
  productId: string;
  productName: string;
  sku: string | null;
  packSize: number;
  quantityOrdered: number;
  quantityReceived: number;
  unitCost: number;
  taxRateBp: number;
  net: number;
  tax: number;
  total: number;
}

export interface GoodsReceipt {
  id: string;
  purchaseOrderId: string | null;
  supplierId: string | null;
  note: string | null;
  receivedAt: string;
  lines: {
    id: string;
    purchaseOrderLineId: string | null;
    productId: string;
    productName: string;
    quantity: number;
    unitCost: number;
    costBefore: number | null;
    costAfter: number;
    stockBefore: number;
    batchNumber: string | null;
    expiryDate: string | null;
  }[];
}

export interface PurchaseOrder {
  id: string;
  number: number;
  label: string;
  status: PurchaseOrderStatus;
  supplier: { id: string; name: string; email: string | null };
  expectedDate: string | null;
  notes: string | null;
  currency: string;
  net: number;
  tax: number;
  total: number;
  lines: PurchaseOrderLine[];
  receipts: GoodsReceipt[];
  sentAt: string | null;
  cancelledAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ReceiveLine {
  purchaseOrderLineId: string;
  quantity: number;
  unitCost?: number;
  batchNumber?: string | null;
  expiryDate?: string | null;
}

/** GET /api/purchase-orders: newest first, optionally of one status; a page at a time. */
export function usePurchaseOrders(status: PurchaseOrderStatus | null) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...purchaseOrdersQueryKey, 'list', { status }],
      queryFn: ({ pageParam, signal }) =>
        apiClient.get<{ purchaseOrders: PurchaseOrderListItem[]; nextCursor: string | null }>('/api/purchase-orders', {
          query: { status: status ?? undefined, cursor: pageParam, limit: 50 },
          signal,
        }),
      initialPageParam: null as string | null,
      getNextPageParam: (page) => page.nextCursor,
      staleTime: 30_000,
    }),
  );
}

const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...purchaseOrdersQueryKey, 'detail', id],
    queryFn: async ({ signal }) => (await apiClient.get<{ purchaseOrder: PurchaseOrder }>(`/api/purchase-orders/${id}`, { signal })).purchaseOrder,
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
  useOrderMutation(async (id: string) => (await apiClient.post<{ purchaseOrder: PurchaseOrder; emailedTo: string | null }>(`/api/purchase-orders/${id}/send`)).purchaseOrder);

export const useCancelPurchaseOrder = () => useOrderMutation(async (id: string) => (await apiClient.post<{ purchaseOrder: PurchaseOrder }>(`/api/purchase-orders/${id}/cancel`)).purchaseOrder);

export const useCreatePurchaseOrder = () =>
  useOrderMutation(
    async (input: { supplierId: string; expectedDate: string | null; notes: string; lines: { productId: string; quantity: number; packSize: number }[] }) =>
      (await apiClient.post<{ purchaseOrder: PurchaseOrder }>('/api/purchase-orders', { ...input, notes: input.notes.trim() || null })).purchaseOrder,
  );

/**
 * POST /api/goods-receipts. The idempotency key is made when the receiving form opens and kept
 * for every retry of that delivery, so a retry after a lost answer never adds stock twice.
 */
export const useReceiveGoods = () =>
  useOrderMutation(async (input: { idempotencyKey: string; purchaseOrderId: string; note: string; lines: ReceiveLine[] }) => {
    const result = await apiClient.post<{ purchaseOrder: PurchaseOrder }>('/api/goods-receipts', { ...input, note: input.note.trim() || null });
    return result.purchaseOrder;
  });

export function useReorder() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      apiClient.post<{ purchaseOrders: { id: string; label: string; supplierId: string; lineCount: number }[]; withoutSupplier: { productId: string; name: string }[] }>(
        '/api/purchase-orders/reorder',
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: purchaseOrdersQueryKey }),
  });
}

/** The order's PDF, opened in a new tab to print or save. */
export async function openPurchaseOrderPdf(id: string): Promise<void> {
  const opened = window.open('', '_blank');
  const { blob } = await apiClient.download(`/api/purchase-orders/${id}/pdf`);
  const url = URL.createObjectURL(blob);
  if (opened) opened.location.href = url;
  else window.location.assign(url);
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

export interface SupplierOption {
  id: string;
  name: string;
  isActive: boolean;
}

export interface SupplierProductOption {
  productId: string;
  name: string;
  packSize: number;
  lastCost: number | null;
  cost: number | null;
  stockQuantity: number;
  trackStock: boolean;
}

/** Active suppliers to order from (GET /api/suppliers). */
export function useSupplierOptions(enabled: boolean) {
  return useQuery({
    queryKey: ['suppliers', 'options'],
    queryFn: async ({ signal }) => (await apiClient.get<{ suppliers: SupplierOption[] }>('/api/suppliers', { query: { limit: 100 }, signal })).suppliers,
    enabled,
  });
}

/** What a supplier supplies (GET /api/suppliers/{id}), to fill an order's lines. */
export function useSupplierProductOptions(supplierId: string | null) {
  return useQuery({
    queryKey: ['suppliers', 'detail', supplierId ?? ''],
    queryFn: ({ signal }) => apiClient.get<{ products: SupplierProductOption[] }>(`/api/suppliers/${supplierId}`, { signal }),
    enabled: supplierId !== null,
  });
}

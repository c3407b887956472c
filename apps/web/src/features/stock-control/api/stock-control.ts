import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { AdjustmentReason, RecordCountsInput, StartStockCountInput, StockMovementReason, WasteReason } from '@till/core';
import { apiClient } from '@/lib/api-client';

/** Stock control's requests (issue 14 items 3, 4, 6): one query key tree, invalidated after each write. */
export const stockControlKey = ['stock-control'] as const;
// Products show stock: their lists refresh too after a movement.
const productsKey = ['products'] as const;

export interface HistoryMovement {
  id: string;
  quantityDelta: number;
  reason: StockMovementReason;
  note: string | null;
  orderId: string | null;
  orderNumber: number | null;
  actorName: string;
  balanceAfter: number;
  createdAt: string;
}
export interface HistoryProduct {
  id: string;
  name: string;
  sku: string | null;
  trackStock: boolean;
  stockQuantity: number;
  lowStockThreshold: number | null;
}
interface HistoryPage {
  product: HistoryProduct;
  movements: HistoryMovement[];
  nextCursor: string | null;
}

export function useStockHistory(productId: string) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...stockControlKey, 'history', productId],
      queryFn: ({ pageParam, signal }) =>
        apiClient.get<HistoryPage>(`/api/products/${productId}/stock-history`, { query: { limit: 50, cursor: pageParam ?? undefined }, signal }),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.nextCursor,
      staleTime: 0,
    }),
  );
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: stockControlKey }), queryClient.invalidateQueries({ queryKey: productsKey })]);
}

export interface AdjustStockBody {
  idempotencyKey: string;
  productId: string;
  quantityDelta: number;
  reason: AdjustmentReason;
  note: string | null;
}

export function useAdjustStock() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AdjustStockBody) => apiClient.post<{ adjustment: { id: string; quantityAfter: number } }>('/api/stock-adjustments', body),
    onSuccess: invalidate,
  });
}

export interface RecordWasteBody {
  idempotencyKey: string;
  productId: string;
  quantity: number;
  reason: WasteReason;
  note: string | null;
}

export function useRecordWaste() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: RecordWasteBody) => apiClient.post<{ waste: { id: string; costValue: number } }>('/api/waste', body),
    onSuccess: invalidate,
  });
}

export interface WasteFilter {
  from: string;
  to: string;
  reason: WasteReason | null;
}
export interface WasteReport {
  from: string;
  to: string;
  currency: string;
  totals: { quantity: number; costValue: number; records: number };
  byReason: { reason: WasteReason; quantity: number; costValue: number; records: number }[];
  byProduct: { productId: string; name: string; quantity: number; costValue: number; records: number }[];
  records: {
    id: string;
    productId: string;
    productName: string;
    sku: string | null;
    quantity: number;
    reason: WasteReason;
    note: string | null;
    unitCost: number;
    costValue: number;
    createdAt: string;
    actorName: string | null;
  }[];
}

const wasteQuery = (filter: WasteFilter) => ({ from: filter.from, to: filter.to, reason: filter.reason ?? undefined });

export function useWasteReport(filter: WasteFilter) {
  return useQuery(
    queryOptions({
      queryKey: [...stockControlKey, 'waste', filter],
      queryFn: ({ signal }) => apiClient.get<WasteReport>('/api/waste/report', { query: wasteQuery(filter), signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useExportWaste() {
  return useMutation({
    mutationFn: async (filter: WasteFilter) => {
      const { blob, fileName } = await apiClient.download('/api/waste/export.csv', { query: wasteQuery(filter) });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = fileName ?? `waste-${filter.from}-to-${filter.to}.csv`;
      link.click();
      URL.revokeObjectURL(url);
    },
  });
}

export interface ProductOption {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  trackStock: boolean;
  stockQuantity: number;
  cost: number | null;
}

/** Tracked products matching a search (name, SKU or barcode), for choosing what was wasted. */
export function useProductOptions(q: string) {
  return useQuery(
    queryOptions({
      queryKey: [...productsKey, 'stock-options', q],
      queryFn: async ({ signal }) => {
        const page = await apiClient.get<{ products: ProductOption[] }>('/api/products', { query: { q: q || undefined, status: 'active', limit: 20 }, signal });
        return page.products.filter((product) => product.trackStock);
      },
      placeholderData: keepPreviousData,
    }),
  );
}

export function useCategoryOptions() {
  return useQuery(
    queryOptions({
      queryKey: ['categories', 'stock-count-options'],
      queryFn: ({ signal }) => apiClient.get<{ categories: { id: string; name: string }[] }>('/api/categories', { signal }),
    }),
  );
}

export interface CountLine {
  productId: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  expectedQuantity: number;
  countedQuantity: number | null;
  countedAt: string | null;
  movedWhileCounting: number | null;
  postedDifference: number | null;
}
export interface StockCount {
  id: string;
  scope: 'full' | 'category';
  categoryId: string | null;
  status: 'counting' | 'posted' | 'cancelled';
  note: string | null;
  startedAt: string;
  postedAt: string | null;
  lines: CountLine[];
}
export interface StockCountSummary {
  id: string;
  scope: 'full' | 'category';
  status: 'counting' | 'posted' | 'cancelled';
  note: string | null;
  categoryName: string | null;
  startedAt: string;
  postedAt: string | null;
  lineCount: number;
  countedCount: number;
}

export function useStockCounts() {
  return useQuery(
    queryOptions({
      queryKey: [...stockControlKey, 'counts'],
      queryFn: ({ signal }) => apiClient.get<{ counts: StockCountSummary[] }>('/api/stock-counts', { signal }),
    }),
  );
}

export function useStockCount(countId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...stockControlKey, 'count', countId],
      queryFn: ({ signal }) => apiClient.get<{ count: StockCount }>(`/api/stock-counts/${countId}`, { signal }),
    }),
  );
}

export function useStartStockCount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: StartStockCountInput) => apiClient.post<{ count: StockCount }>('/api/stock-counts', body),
    onSuccess: invalidate,
  });
}

export function useRecordCounts(countId: string) {
  return useMutation({
    mutationFn: (body: RecordCountsInput) => apiClient.put<{ recorded: number }>(`/api/stock-counts/${countId}/lines`, body),
  });
}

export function useFinishStockCount(countId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (action: 'post' | 'cancel') => apiClient.post<{ count: StockCount }>(`/api/stock-counts/${countId}/${action}`),
    onSuccess: invalidate,
  });
}

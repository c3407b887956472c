import { infiniteQueryOptions, keepPreviousData, queryOptions, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { RecordCountsInput, StartStockCountInput, WasteReason } from '@till/core';
import { api, dataOf, fileOf, type ApiAnswer, type ApiBody, type ApiQuery } from '@/lib/api';
import { saveFile } from '@/lib/save-file';

/** Stock control's requests (issue 14 items 3, 4, 6): one query key tree, invalidated after each write. */
export const stockControlKey = ['stock-control'] as const;
// Products show stock: their lists refresh too after a movement.
const productsKey = ['products'] as const;

/** Stock control's answers and bodies, named for the components: the server's route schemas, never copies. */
type HistoryPage = ApiAnswer<'/api/products/{id}/stock-history'>;
export type HistoryMovement = HistoryPage['movements'][number];
export type HistoryProduct = HistoryPage['product'];

/** A product's history; with a store, that store's movements and stock (decision 049). */
export function useStockHistory(productId: string, storeId: string | null = null) {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...stockControlKey, 'history', productId, storeId],
      queryFn: ({ pageParam, signal }) =>
        dataOf(
          api.GET('/api/products/{id}/stock-history', {
            params: { path: { id: productId }, query: { limit: 50, cursor: pageParam ?? undefined, store_id: storeId ?? undefined } },
            signal,
          }),
        ),
      initialPageParam: null as string | null,
      getNextPageParam: (last) => last.next_cursor,
      staleTime: 0,
    }),
  );
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all([queryClient.invalidateQueries({ queryKey: stockControlKey }), queryClient.invalidateQueries({ queryKey: productsKey })]);
}

export type AdjustStockBody = ApiBody<'/api/stock-adjustments'>;

export function useAdjustStock() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: AdjustStockBody) => dataOf(api.POST('/api/stock-adjustments', { body })),
    onSuccess: invalidate,
  });
}

/** Where products sit in one store: what a count by shelf covers (decision 049). */
export function useSetShelf() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ storeId, productId, shelf }: { storeId: string; productId: string; shelf: string | null }) =>
      dataOf(api.PUT('/api/stores/{id}/shelves', { params: { path: { id: storeId } }, body: { lines: [{ product_id: productId, shelf }] } })),
    onSuccess: invalidate,
  });
}

export type RecordWasteBody = ApiBody<'/api/waste'>;

export function useRecordWaste() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: RecordWasteBody) => dataOf(api.POST('/api/waste', { body })),
    onSuccess: invalidate,
  });
}

export interface WasteFilter {
  from: string;
  to: string;
  reason: WasteReason | null;
  /** One store's waste (decision 049); null: every store. */
  storeId: string | null;
}
export type WasteReport = ApiAnswer<'/api/waste/report'>;

const wasteQuery = (filter: WasteFilter): ApiQuery<'/api/waste/export.csv'> => ({ from: filter.from, to: filter.to, reason: filter.reason ?? undefined, store_id: filter.storeId ?? undefined });

export function useWasteReport(filter: WasteFilter) {
  return useQuery(
    queryOptions({
      queryKey: [...stockControlKey, 'waste', filter],
      queryFn: ({ signal }) => dataOf(api.GET('/api/waste/report', { params: { query: wasteQuery(filter) }, signal })),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useExportWaste() {
  return useMutation({
    mutationFn: async (filter: WasteFilter) => {
      const { blob, fileName } = await fileOf(api.GET('/api/waste/export.csv', { params: { query: wasteQuery(filter) }, parseAs: 'blob' }));
      saveFile(blob, fileName ?? `waste-${filter.from}-to-${filter.to}.csv`);
    },
  });
}

export type ProductOption = ApiAnswer<'/api/products'>['products'][number];

/** Tracked products matching a search (name, SKU or barcode), for choosing what was wasted. */
export function useProductOptions(q: string) {
  return useQuery(
    queryOptions({
      queryKey: [...productsKey, 'stock-options', q],
      queryFn: async ({ signal }) => {
        const page = await dataOf(api.GET('/api/products', { params: { query: { q: q || undefined, status: 'active', limit: 20 } }, signal }));
        return page.products.filter((product) => product.track_stock);
      },
      placeholderData: keepPreviousData,
    }),
  );
}

export function useCategoryOptions() {
  return useQuery(
    queryOptions({
      queryKey: ['categories', 'stock-count-options'],
      queryFn: ({ signal }) => dataOf(api.GET('/api/categories', { signal })),
    }),
  );
}

export type StockCount = ApiAnswer<'/api/stock-counts/{id}'>['count'];
export type CountLine = StockCount['lines'][number];
export type StockCountSummary = ApiAnswer<'/api/stock-counts'>['counts'][number];

export function useStockCounts() {
  return useQuery(
    queryOptions({
      queryKey: [...stockControlKey, 'counts'],
      queryFn: ({ signal }) => dataOf(api.GET('/api/stock-counts', { signal })),
    }),
  );
}

export function useStockCount(countId: string) {
  return useQuery(
    queryOptions({
      queryKey: [...stockControlKey, 'count', countId],
      queryFn: ({ signal }) => dataOf(api.GET('/api/stock-counts/{id}', { params: { path: { id: countId } }, signal })),
    }),
  );
}

export function useStartStockCount() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (body: StartStockCountInput) => dataOf(api.POST('/api/stock-counts', { body })),
    onSuccess: invalidate,
  });
}

export function useRecordCounts(countId: string) {
  return useMutation({
    mutationFn: (body: RecordCountsInput) => dataOf(api.PUT('/api/stock-counts/{id}/lines', { params: { path: { id: countId } }, body })),
  });
}

export function useFinishStockCount(countId: string) {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (action: 'post' | 'cancel') => dataOf(api.POST(action === 'post' ? '/api/stock-counts/{id}/post' : '/api/stock-counts/{id}/cancel', { params: { path: { id: countId } } })),
    onSuccess: invalidate,
  });
}

export type StoreStockRow = ApiAnswer<'/api/products/{id}/store-stock'>['stores'][number];

/** A product's stock in each store and what is on its way to each (multi_store, decision 044). */
export function useProductStoreStock(productId: string, enabled: boolean) {
  return useQuery(
    queryOptions({
      queryKey: [...stockControlKey, 'store-stock', productId],
      queryFn: async ({ signal }): Promise<StoreStockRow[]> => (await dataOf(api.GET('/api/products/{id}/store-stock', { params: { path: { id: productId } }, signal }))).stores,
      enabled,
    }),
  );
}

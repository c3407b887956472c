import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';

/** Batches' requests (decision 048): one query key tree, invalidated after each write. */
export const batchesKey = ['batches'] as const;
// A write-off is waste and a stock movement: the waste report and product lists refresh too.
const touched = [batchesKey, ['stock-control'], ['products']] as const;

/** The server's route schemas, never copies. */
export type BatchList = ApiAnswer<'/api/batches'>;
export type Batch = BatchList['batches'][number];

export function useBatches(productId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...batchesKey, 'list', productId],
      queryFn: ({ signal }) => dataOf(api.GET('/api/batches', { params: { query: productId ? { product_id: productId } : {} }, signal })),
      placeholderData: keepPreviousData,
    }),
  );
}

export function useExpiringBatches(days: number) {
  return useQuery(
    queryOptions({
      queryKey: [...batchesKey, 'expiring', days],
      queryFn: ({ signal }) => dataOf(api.GET('/api/batches/expiring', { params: { query: { days } }, signal })),
      placeholderData: keepPreviousData,
    }),
  );
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => Promise.all(touched.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

export function useSetBatchTracking() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ productId, trackBatches }: { productId: string; trackBatches: boolean }) =>
      dataOf(api.PUT('/api/products/{id}/batch-tracking', { params: { path: { id: productId } }, body: { track_batches: trackBatches } })),
    onSuccess: invalidate,
  });
}

export function useWriteOffBatch() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: ({ batchId, idempotencyKey, note }: { batchId: string; idempotencyKey: string; note: string | null }) =>
      dataOf(api.POST('/api/batches/{id}/write-off', { params: { path: { id: batchId } }, body: { idempotency_key: idempotencyKey, note } })),
    onSuccess: invalidate,
  });
}

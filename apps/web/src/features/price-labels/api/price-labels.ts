import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, fileOf, type ApiAnswer, type ApiBody } from '@/lib/api';

export const priceLabelsKey = ['price-labels'] as const;

/** POST /api/price-labels/pdf's body, and the sheet it prints on: the server's route schema. */
export type PrintRequest = ApiBody<'/api/price-labels/pdf'>;
export type LabelTemplate = PrintRequest['template'];

export const LABEL_TEMPLATE_OPTIONS: { value: LabelTemplate; label: string; hint: string }[] = [
  { value: 'shelf-38x25', label: 'Shelf label 38 × 25 mm', hint: 'One label a page, for a thermal label printer' },
  { value: 'a4-3x8', label: 'A4 sheet, 3 × 8', hint: '24 labels of 70 × 37 mm on an A4 sheet, for an office printer' },
];

export type QueuedLabel = ApiAnswer<'/api/price-labels/queue'>['items'][number];
export type LabelProduct = ApiAnswer<'/api/products'>['products'][number];
export type RecentReceipt = ApiAnswer<'/api/price-labels/recent-receipts'>['receipts'][number];

export function useLabelQueue() {
  return useQuery({
    queryKey: [...priceLabelsKey, 'queue'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/price-labels/queue', { signal })),
    select: (answer) => answer.items,
  });
}

export function useRecentReceipts() {
  return useQuery({
    queryKey: [...priceLabelsKey, 'receipts'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/price-labels/recent-receipts', { signal })),
    select: (answer) => answer.receipts,
  });
}

/** Products by name, SKU or barcode, or in a category (GET /api/products, active ones). */
export function useLabelProducts(filter: { q: string; categoryId: string | null }) {
  return useQuery({
    queryKey: [...priceLabelsKey, 'products', filter] as const,
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/products', { params: { query: { q: filter.q || undefined, category_id: filter.categoryId ?? undefined, status: 'active', limit: 50 } }, signal })),
    select: (answer) => answer.products,
    enabled: filter.q !== '' || filter.categoryId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useLabelCategories() {
  return useQuery({
    queryKey: [...priceLabelsKey, 'categories'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/categories', { signal })),
    select: (answer) => answer.categories,
  });
}

export function useDropQueued() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => dataOf(api.DELETE('/api/price-labels/queue/{productId}', { params: { path: { productId } } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...priceLabelsKey, 'queue'] }),
  });
}

/** POST /api/price-labels/pdf: the labels as a PDF; printing (clear_queue) refreshes the queue. */
export function useLabelsPdf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: PrintRequest) => (await fileOf(api.POST('/api/price-labels/pdf', { body: request, parseAs: 'blob' }))).blob,
    onSuccess: (_blob, request) => {
      if (request.clear_queue) void queryClient.invalidateQueries({ queryKey: [...priceLabelsKey, 'queue'] });
    },
  });
}

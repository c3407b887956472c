import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export const priceLabelsKey = ['price-labels'] as const;

export type LabelTemplate = 'shelf-38x25' | 'a4-3x8';

export const LABEL_TEMPLATE_OPTIONS: { value: LabelTemplate; label: string; hint: string }[] = [
  { value: 'shelf-38x25', label: 'Shelf label 38 × 25 mm', hint: 'One label a page, for a thermal label printer' },
  { value: 'a4-3x8', label: 'A4 sheet, 3 × 8', hint: '24 labels of 70 × 37 mm on an A4 sheet, for an office printer' },
];

export interface QueuedLabel {
  productId: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  price: number;
  oldPrice: number;
  queuedAt: string;
}

export interface LabelProduct {
  id: string;
  name: string;
  sku: string | null;
  barcode: string | null;
  price: number;
}

export interface RecentReceipt {
  id: string;
  receivedAt: string;
  supplierName: string | null;
  lines: { productId: string; name: string; quantity: number }[];
}

export interface PrintRequest {
  template: LabelTemplate;
  items: { productId: string; copies: number }[];
  skip?: number;
  outline?: boolean;
  clearQueue?: boolean;
}

export function useLabelQueue() {
  return useQuery({
    queryKey: [...priceLabelsKey, 'queue'] as const,
    queryFn: ({ signal }) => apiClient.get<{ items: QueuedLabel[] }>('/api/price-labels/queue', { signal }),
    select: (answer) => answer.items,
  });
}

export function useRecentReceipts() {
  return useQuery({
    queryKey: [...priceLabelsKey, 'receipts'] as const,
    queryFn: ({ signal }) => apiClient.get<{ receipts: RecentReceipt[] }>('/api/price-labels/recent-receipts', { signal }),
    select: (answer) => answer.receipts,
  });
}

/** Products by name, SKU or barcode, or in a category (GET /api/products, active ones). */
export function useLabelProducts(filter: { q: string; categoryId: string | null }) {
  return useQuery({
    queryKey: [...priceLabelsKey, 'products', filter] as const,
    queryFn: ({ signal }) =>
      apiClient.get<{ products: LabelProduct[] }>('/api/products', { query: { q: filter.q || undefined, categoryId: filter.categoryId ?? undefined, status: 'active', limit: 50 }, signal }),
    select: (answer) => answer.products,
    enabled: filter.q !== '' || filter.categoryId !== null,
    placeholderData: keepPreviousData,
  });
}

export function useLabelCategories() {
  return useQuery({
    queryKey: [...priceLabelsKey, 'categories'] as const,
    queryFn: ({ signal }) => apiClient.get<{ categories: { id: string; name: string }[] }>('/api/categories', { signal }),
    select: (answer) => answer.categories,
  });
}

export function useDropQueued() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (productId: string) => apiClient.delete<{ removed: true }>(`/api/price-labels/queue/${productId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...priceLabelsKey, 'queue'] }),
  });
}

/** POST /api/price-labels/pdf: the labels as a PDF; printing (clearQueue) refreshes the queue. */
export function useLabelsPdf() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (request: PrintRequest) => (await apiClient.downloadPost('/api/price-labels/pdf', request)).blob,
    onSuccess: (_blob, request) => {
      if (request.clearQueue) void queryClient.invalidateQueries({ queryKey: [...priceLabelsKey, 'queue'] });
    },
  });
}

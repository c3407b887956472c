import type { QueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { posQueryKey, type PosProduct } from './types';

/** GET /api/pos/products/by-barcode/{code}: the active product with this barcode; 404 product_not_found. */
export async function getProductByBarcode(code: string, { signal }: { signal?: AbortSignal } = {}): Promise<PosProduct> {
  const { product } = await dataOf(api.GET('/api/pos/products/by-barcode/{code}', { params: { path: { code } }, ...(signal ? { signal } : {}) }));
  return product;
}

/** A scan: the same code scanned again within the minute is answered from the cache (a queue of the same item). */
export function fetchProductByBarcode(queryClient: QueryClient, code: string): Promise<PosProduct> {
  return queryClient.fetchQuery({
    queryKey: [...posQueryKey, 'barcode', code] as const,
    queryFn: ({ signal }) => getProductByBarcode(code, { signal }),
    staleTime: 60_000,
    retry: false,
  });
}

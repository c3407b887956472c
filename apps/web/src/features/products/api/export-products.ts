import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ProductStatus } from './types';
import { saveFile } from '@/lib/save-file';

/**
 * GET /api/products/export.csv, saved as a file by the browser. The stock column is one store's
 * (decision 069): `storeId` (the store_id query), else the server's current store, as the import counts it.
 */
export async function exportProducts({ status, storeId }: { status: ProductStatus; storeId?: string }): Promise<void> {
  const { blob, fileName } = await apiClient.download('/api/products/export.csv', { query: { status, ...(storeId ? { store_id: storeId } : {}) } });
  saveFile(blob, fileName ?? 'products.csv');
}

export function useExportProducts() {
  return useMutation({ mutationFn: exportProducts });
}

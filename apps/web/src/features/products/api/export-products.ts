import { useMutation } from '@tanstack/react-query';
import { api, fileOf } from '@/lib/api';
import type { ProductStatus } from './types';
import { saveFile } from '@/lib/save-file';

/**
 * GET /api/products/export.csv, saved as a file by the browser. The stock column is one store's
 * (decision 069): `storeId` (the store_id query), else the server's current store, as the import counts it.
 */
export async function exportProducts({ status, storeId }: { status: ProductStatus; storeId?: string }): Promise<void> {
  const { blob, fileName } = await fileOf(api.GET('/api/products/export.csv', { params: { query: { status, store_id: storeId || undefined } }, parseAs: 'blob' }));
  saveFile(blob, fileName ?? 'products.csv');
}

export function useExportProducts() {
  return useMutation({ mutationFn: exportProducts });
}

import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ProductStatus } from './types';
import { saveFile } from '@/lib/save-file';

/** GET /api/products/export.csv, saved as a file by the browser. */
export async function exportProducts(status: ProductStatus): Promise<void> {
  const { blob, fileName } = await apiClient.download('/api/products/export.csv', { query: { status } });
  saveFile(blob, fileName ?? 'products.csv');
}

export function useExportProducts() {
  return useMutation({ mutationFn: exportProducts });
}

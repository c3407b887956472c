import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { ProductStatus } from './types';

/** GET /api/products/export.csv, saved as a file by the browser. */
export async function exportProducts(status: ProductStatus): Promise<void> {
  const { blob, fileName } = await apiClient.download('/api/products/export.csv', { query: { status } });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName ?? 'products.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

export function useExportProducts() {
  return useMutation({ mutationFn: exportProducts });
}

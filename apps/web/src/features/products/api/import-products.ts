import { useMutation, useQueryClient } from '@tanstack/react-query';
import { isApiError } from '@/lib/api-client';
import { uploadWithProgress } from '@/lib/upload';
import { productsKey } from './types';

export interface ImportResult {
  created: number;
  updated: number;
  unchanged: number;
}

export interface ImportRowProblem {
  row: number;
  field: string;
  message: string;
}

export const IMPORT_MAX_BYTES = 1024 * 1024;

export const IMPORT_COLUMNS = [
  ['name', 'Product name (needed for new products)'],
  ['sku', 'Your code; a row whose SKU exists updates that product'],
  ['barcode', 'What the scanner reads'],
  ['price', 'Selling price, e.g. 3.50'],
  ['cost', 'What you pay, e.g. 1.20'],
  ['tax_rate', 'A tax rate name or a percentage such as 20%; empty uses your default'],
  ['category', 'Created if it does not exist'],
  ['track_stock', 'true or false'],
  ['stock', 'Units on hand (tracked products)'],
  ['low_stock_threshold', 'Warn at or below this many'],
] as const;

/**
 * POST /api/products/import with the file as text/csv, reporting upload progress. `storeId` names
 * the store whose stock the stock column sets (decision 059); left out, the server's current store.
 */
export function importProducts({ file, storeId, onProgress }: { file: File; storeId?: string; onProgress: (percent: number) => void }): Promise<ImportResult> {
  const path = storeId ? `/api/products/import?store_id=${encodeURIComponent(storeId)}` : '/api/products/import';
  return uploadWithProgress<ImportResult>(path, { body: file, contentType: 'text/csv', onUploadProgress: onProgress });
}

/** The rows an import_rejected answer lists, if this error is one. */
export function importProblems(error: unknown): { problems: ImportRowProblem[]; total: number } | null {
  if (!isApiError(error) || error.code !== 'import_rejected') return null;
  const rows = error.details['rows'];
  const problems = Array.isArray(rows)
    ? rows.filter(
        (row): row is ImportRowProblem =>
          typeof row === 'object' && row !== null && typeof row.row === 'number' && typeof row.field === 'string' && typeof row.message === 'string',
      )
    : [];
  const total = typeof error.details['totalErrors'] === 'number' ? error.details['totalErrors'] : problems.length;
  return { problems, total };
}

/** A file to start from: the header and one example row. */
export function importTemplate(): string {
  return ['name,sku,barcode,price,cost,tax_rate,category,track_stock,stock,low_stock_threshold', 'Flat white,FW-01,5012345678900,3.50,0.90,20%,Drinks,true,24,5'].join('\r\n') + '\r\n';
}

export function useImportProducts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: importProducts,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: productsKey });
      await queryClient.invalidateQueries({ queryKey: ['categories'] });
      await queryClient.invalidateQueries({ queryKey: ['tax-rates'] });
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import type { CreateProductBody } from './create-product';
import { productsKey, type Product } from './types';

/** PATCH /api/products/{id}: only the fields that changed (the price needs can_change_prices). */
export type UpdateProductBody = Partial<Omit<CreateProductBody, 'initial_stock'>>;

export async function updateProduct({ id, body }: { id: string; body: UpdateProductBody }): Promise<Product> {
  return (await dataOf(api.PATCH('/api/products/{id}', { params: { path: { id } }, body }))).product;
}

/** The fields of `after` that differ from `before`. */
export function productChanges(before: Product, after: CreateProductBody): UpdateProductBody {
  const changes: UpdateProductBody = {};
  const keys = ['name', 'sku', 'barcode', 'price', 'cost', 'tax_rate_id', 'category_id', 'track_stock', 'low_stock_threshold'] as const;
  for (const key of keys) {
    if (after[key] !== before[key]) (changes as Record<string, unknown>)[key] = after[key];
  }
  return changes;
}

export function useUpdateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProduct,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: productsKey });
      await queryClient.invalidateQueries({ queryKey: ['categories'] });
    },
  });
}

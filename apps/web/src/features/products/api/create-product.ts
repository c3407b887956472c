import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { productsKey, type Product } from './types';

/** POST /api/products. Money in minor units (the form parses the typed decimals). */
export interface CreateProductBody {
  name: string;
  sku: string | null;
  barcode: string | null;
  price: number;
  cost: number | null;
  tax_rate_id: string | null;
  category_id: string | null;
  track_stock: boolean;
  initial_stock?: number;
  low_stock_threshold: number | null;
}

export async function createProduct(body: CreateProductBody): Promise<Product> {
  return (await dataOf(api.POST('/api/products', { body }))).product;
}

export function useCreateProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createProduct,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: productsKey });
      // Category product counts change too.
      await queryClient.invalidateQueries({ queryKey: ['categories'] });
    },
  });
}

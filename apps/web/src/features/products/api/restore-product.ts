import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { productsKey, type Product } from './types';

/** POST /api/products/{id}/restore: back on sale. */
export async function restoreProduct(id: string): Promise<Product> {
  return (await dataOf(api.POST('/api/products/{id}/restore', { params: { path: { id } } }))).product;
}

export function useRestoreProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: restoreProduct,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: productsKey });
      await queryClient.invalidateQueries({ queryKey: ['categories'] });
    },
  });
}

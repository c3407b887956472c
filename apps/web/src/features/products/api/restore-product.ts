import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { productsKey, type Product, type ProductResponse } from './types';

/** POST /api/products/{id}/restore: back on sale. */
export async function restoreProduct(id: string): Promise<Product> {
  return (await apiClient.post<ProductResponse>(`/api/products/${id}/restore`)).product;
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

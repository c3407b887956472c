import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { productsKey, type Product, type ProductResponse } from './types';

/** POST /api/products/{id}/archive: off the till and out of the default list; history kept. */
export async function archiveProduct(id: string): Promise<Product> {
  return (await apiClient.post<ProductResponse>(`/api/products/${id}/archive`)).product;
}

export function useArchiveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: archiveProduct,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: productsKey });
      await queryClient.invalidateQueries({ queryKey: ['categories'] });
    },
  });
}

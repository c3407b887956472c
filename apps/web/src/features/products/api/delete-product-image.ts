import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { productsKey, type Product, type ProductResponse } from './types';

/** DELETE /api/products/{id}/image. */
export async function deleteProductImage(id: string): Promise<Product> {
  return (await apiClient.delete<ProductResponse>(`/api/products/${id}/image`)).product;
}

export function useDeleteProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProductImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { productsKey, type Product } from './types';

/** DELETE /api/products/{id}/image. */
export async function deleteProductImage(id: string): Promise<Product> {
  return (await dataOf(api.DELETE('/api/products/{id}/image', { params: { path: { id } } }))).product;
}

export function useDeleteProductImage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProductImage,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: productsKey }),
  });
}

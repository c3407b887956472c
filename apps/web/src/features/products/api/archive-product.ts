import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { productsKey, type Product } from './types';

/** POST /api/products/{id}/archive: off the till and out of the default list; history kept. */
export async function archiveProduct(id: string): Promise<Product> {
  return (await dataOf(api.POST('/api/products/{id}/archive', { params: { path: { id } } }))).product;
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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { categoriesKey, type Category } from './types';

/** PATCH /api/categories/{id}: rename, recolour. */
export async function updateCategory({ id, body }: { id: string; body: { name?: string; color?: string | null } }): Promise<Category> {
  return (await dataOf(api.PATCH('/api/categories/{id}', { params: { path: { id } }, body }))).category;
}

export function useUpdateCategory() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCategory,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: categoriesKey });
      // Product rows show the category's name and colour.
      await queryClient.invalidateQueries({ queryKey: ['products'] });
    },
  });
}

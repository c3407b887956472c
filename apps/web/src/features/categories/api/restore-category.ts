import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { categoriesKey, type Category } from './types';

/** POST /api/categories/{id}/restore. */
export async function restoreCategory(id: string): Promise<Category> {
  return (await dataOf(api.POST('/api/categories/{id}/restore', { params: { path: { id } } }))).category;
}

export function useRestoreCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreCategory, onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesKey }) });
}

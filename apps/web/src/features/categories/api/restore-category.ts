import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { categoriesKey, type Category, type CategoryResponse } from './types';

/** POST /api/categories/{id}/restore. */
export async function restoreCategory(id: string): Promise<Category> {
  return (await apiClient.post<CategoryResponse>(`/api/categories/${id}/restore`)).category;
}

export function useRestoreCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: restoreCategory, onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesKey }) });
}

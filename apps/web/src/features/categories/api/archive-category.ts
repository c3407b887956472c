import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { categoriesKey, type Category, type CategoryResponse } from './types';

/** POST /api/categories/{id}/archive: off the till's tabs and the filters; its products stay on sale. */
export async function archiveCategory(id: string): Promise<Category> {
  return (await apiClient.post<CategoryResponse>(`/api/categories/${id}/archive`)).category;
}

export function useArchiveCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: archiveCategory, onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesKey }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { categoriesKey, type Category } from './types';

/** POST /api/categories/{id}/archive: off the till's tabs and the filters; its products stay on sale. */
export async function archiveCategory(id: string): Promise<Category> {
  return (await dataOf(api.POST('/api/categories/{id}/archive', { params: { path: { id } } }))).category;
}

export function useArchiveCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: archiveCategory, onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesKey }) });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, dataOf } from '@/lib/api';
import { categoriesKey, type Category } from './types';

export const categoryForm = z.object({
  name: z.string().trim().min(1, 'Name the category').max(80, 'Use at most 80 characters'),
  color: z.string().regex(/^#[0-9a-f]{6}$/i).nullable(),
});
export type CategoryForm = z.infer<typeof categoryForm>;

/** POST /api/categories: it goes last in the order. */
export async function createCategory(body: CategoryForm): Promise<Category> {
  return (await dataOf(api.POST('/api/categories', { body: { name: body.name.trim(), color: body.color } }))).category;
}

export function useCreateCategory() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createCategory, onSuccess: () => queryClient.invalidateQueries({ queryKey: categoriesKey }) });
}

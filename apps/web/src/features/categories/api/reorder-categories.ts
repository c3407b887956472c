import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { getCategoriesQueryOptions } from './get-categories';
import { categoriesKey, type Category } from './types';

/** POST /api/categories/reorder: each id gets its position (the till's tab order). */
export async function reorderCategories(ids: string[]): Promise<Category[]> {
  return (await dataOf(api.POST('/api/categories/reorder', { body: { ids } }))).categories;
}

/** `ids` with the item at `from` moved one step up (-1) or down (+1). */
export function moveId(ids: string[], from: number, step: -1 | 1): string[] {
  const to = from + step;
  if (from < 0 || to < 0 || to >= ids.length) return ids;
  const next = [...ids];
  [next[from], next[to]] = [next[to]!, next[from]!];
  return next;
}

export function useReorderCategories() {
  const queryClient = useQueryClient();
  const listKey = getCategoriesQueryOptions('active').queryKey;
  return useMutation({
    mutationFn: reorderCategories,
    // The list moves at once; the server's answer (or a refetch after an error) settles it.
    onMutate: async (ids) => {
      await queryClient.cancelQueries({ queryKey: listKey });
      const before = queryClient.getQueryData<Category[]>(listKey);
      if (before) {
        const byId = new Map(before.map((category) => [category.id, category]));
        queryClient.setQueryData(listKey, ids.map((id) => byId.get(id)).filter((category): category is Category => Boolean(category)));
      }
      return { before };
    },
    onError: (_error, _ids, context) => {
      if (context?.before) queryClient.setQueryData(listKey, context.before);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: categoriesKey }),
  });
}

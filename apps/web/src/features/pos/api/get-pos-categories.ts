import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { posQueryKey } from './types';

/** GET /api/pos/categories: the till's tabs, active categories in the owner's order. */
export function getPosCategories({ signal }: { signal?: AbortSignal } = {}) {
  return dataOf(api.GET('/api/pos/categories', signal ? { signal } : {}));
}

export const posCategoriesQueryKey = [...posQueryKey, 'categories'] as const;

export function getPosCategoriesQueryOptions() {
  return queryOptions({
    queryKey: posCategoriesQueryKey,
    queryFn: ({ signal }) => getPosCategories({ signal }),
    select: (data) => data.categories,
  });
}

export function usePosCategories() {
  return useQuery(getPosCategoriesQueryOptions());
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { categoriesKey, type Category } from './types';

export type CategoryStatus = 'active' | 'archived';

/** GET /api/categories: in the till's order, with product counts. */
export async function getCategories(status: CategoryStatus, signal?: AbortSignal): Promise<Category[]> {
  return (await dataOf(api.GET('/api/categories', { params: { query: { status } }, ...(signal ? { signal } : {}) }))).categories;
}

export function getCategoriesQueryOptions(status: CategoryStatus) {
  return queryOptions({ queryKey: [...categoriesKey, 'list', status], queryFn: ({ signal }) => getCategories(status, signal) });
}

export function useCategories(status: CategoryStatus) {
  return useQuery(getCategoriesQueryOptions(status));
}

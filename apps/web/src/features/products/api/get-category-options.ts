import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import type { CategoryOption } from './types';

/** GET /api/categories?status=all: every category, for the filter and the product form (archived ones marked). */
export async function getCategoryOptions(signal?: AbortSignal): Promise<CategoryOption[]> {
  return (await dataOf(api.GET('/api/categories', { params: { query: { status: 'all' } }, ...(signal ? { signal } : {}) }))).categories;
}

export function useCategoryOptions() {
  return useQuery(queryOptions({ queryKey: ['categories', 'options'], queryFn: ({ signal }) => getCategoryOptions(signal) }));
}

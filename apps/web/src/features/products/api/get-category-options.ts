import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import type { CategoryOption } from './types';

/** GET /api/categories?status=all: every category, for the filter and the product form (archived ones marked). */
export async function getCategoryOptions(signal?: AbortSignal): Promise<CategoryOption[]> {
  return (await apiClient.get<{ categories: CategoryOption[] }>('/api/categories', { query: { status: 'all' }, ...(signal ? { signal } : {}) })).categories;
}

export function useCategoryOptions() {
  return useQuery(queryOptions({ queryKey: ['categories', 'options'], queryFn: ({ signal }) => getCategoryOptions(signal) }));
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';

/** GET /api/dashboard, as its route schema says; a part the actor may not see is null. */
export type Dashboard = ApiAnswer<'/api/dashboard'>;
export type DashboardFigures = NonNullable<Dashboard['sales']>['today'];

export const dashboardQueryKey = ['dashboard'] as const;

export function getDashboardQueryOptions() {
  return queryOptions({
    queryKey: dashboardQueryKey,
    queryFn: ({ signal }) => dataOf(api.GET('/api/dashboard', { signal })),
    // Today's takings move with every sale: a minute old at most, and refreshed while open.
    staleTime: 60_000,
    refetchInterval: 60_000,
  });
}

export function useDashboard() {
  return useQuery(getDashboardQueryOptions());
}

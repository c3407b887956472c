import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';
import { actorKey, useEmployeeSession } from '@/lib/employee-session';

export type EmployeePerformance = ApiAnswer<'/api/employee-performance'>;
export type EmployeeFigures = EmployeePerformance['employees'][number];

export interface PerformanceQuery {
  from: string;
  to: string;
  employeeId?: string | undefined;
  storeId?: string | undefined;
}

export function getEmployeePerformanceQueryOptions(query: PerformanceQuery, actor: string) {
  return queryOptions({
    queryKey: ['employee-performance', query.from, query.to, query.employeeId ?? null, query.storeId ?? null, actor] as const,
    queryFn: ({ signal }) =>
      dataOf(
        api.GET('/api/employee-performance', {
          params: {
            query: { from: query.from, to: query.to, ...(query.employeeId ? { employee_id: query.employeeId } : {}), ...(query.storeId ? { store_id: query.storeId } : {}) },
          },
          signal,
        }),
      ),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /api/employee-performance: figures per employee for a period (one employee, one store when given). */
export function useEmployeePerformance(query: PerformanceQuery) {
  const session = useEmployeeSession();
  return useQuery(getEmployeePerformanceQueryOptions(query, actorKey(session)));
}

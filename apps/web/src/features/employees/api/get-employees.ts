import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { actorKey, useEmployeeSession } from '@/lib/employee-session';
import type { ApiAnswer } from '@/lib/api';
import { employeesQueryKey } from './types';

type EmployeesPage = ApiAnswer<'/api/employees'>;

export const EMPLOYEES_PAGE_SIZE = 100;

export function getEmployees({ cursor, signal }: { cursor?: string | null; signal?: AbortSignal }): Promise<EmployeesPage> {
  return dataOf(api.GET('/api/employees', { params: { query: { limit: EMPLOYEES_PAGE_SIZE, ...(cursor ? { cursor } : {}) } }, ...(signal ? { signal } : {}) }));
}

export function getEmployeesQueryOptions(actor: string) {
  return infiniteQueryOptions({
    queryKey: [...employeesQueryKey, actor],
    queryFn: ({ pageParam, signal }) => getEmployees({ cursor: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
  });
}

/** GET /api/employees, a page of 100 at a time. */
export function useEmployees() {
  const session = useEmployeeSession();
  return useInfiniteQuery(getEmployeesQueryOptions(actorKey(session)));
}

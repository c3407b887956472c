import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { actorKey, useEmployeeSession } from '@/lib/employee-session';
import { employeesQueryKey, type Employee } from './types';

interface EmployeesPage {
  employees: Employee[];
  next_cursor: string | null;
}

export const EMPLOYEES_PAGE_SIZE = 100;

export function getEmployees({ cursor, signal }: { cursor?: string | null; signal?: AbortSignal }): Promise<EmployeesPage> {
  return apiClient.get<EmployeesPage>('/api/employees', {
    query: { limit: EMPLOYEES_PAGE_SIZE, cursor: cursor ?? undefined },
    ...(signal ? { signal } : {}),
  });
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

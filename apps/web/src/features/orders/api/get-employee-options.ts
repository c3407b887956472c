import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer } from '@/lib/api';

/** What the employee filter needs of an employee: GET /api/employees' own list entry. */
export type EmployeeOption = ApiAnswer<'/api/employees'>['employees'][number];

/** Enough for any shop's staff; the filter lists the first page only. */
const LIMIT = 200;

/**
 * GET /api/employees, for the orders list's employee filter. It needs employee_management and
 * the employees page (SPEC §6), so it may answer 403; the filter is hidden then.
 */
export async function getEmployeeOptions({ signal }: { signal?: AbortSignal } = {}): Promise<EmployeeOption[]> {
  return (await dataOf(api.GET('/api/employees', { params: { query: { limit: LIMIT } }, signal }))).employees;
}

// Not under the employees feature's key: that cache holds a different shape of the same list.
export const employeeOptionsQueryKey = ['orders-filter', 'employees'] as const;

export function getEmployeeOptionsQueryOptions() {
  return queryOptions({
    queryKey: employeeOptionsQueryKey,
    queryFn: ({ signal }) => getEmployeeOptions({ signal }),
    // A refusal is an answer: asking again will not change it.
    retry: false,
  });
}

export function useEmployeeOptions(enabled: boolean) {
  return useQuery({ ...getEmployeeOptionsQueryOptions(), enabled });
}

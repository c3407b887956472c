import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployeeRole } from '@till/core';
import { apiClient } from '@/lib/api-client';

/** What the employee filter needs of an employee. */
export interface EmployeeOption {
  id: string;
  full_name: string;
  role: EmployeeRole;
  is_active: boolean;
}

interface EmployeesResponse {
  employees: EmployeeOption[];
  next_cursor: string | null;
}

/** Enough for any shop's staff; the filter lists the first page only. */
const LIMIT = 200;

/**
 * GET /api/employees, for the orders list's employee filter. It needs employee_management and
 * the employees page (SPEC §6), so it may answer 403; the filter is hidden then.
 */
export function getEmployeeOptions({ signal }: { signal?: AbortSignal } = {}): Promise<EmployeeOption[]> {
  return apiClient
    .get<EmployeesResponse>('/api/employees', { query: { limit: LIMIT }, ...(signal ? { signal } : {}) })
    .then((response) => response.employees);
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

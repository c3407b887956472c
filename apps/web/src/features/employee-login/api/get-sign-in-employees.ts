import { queryOptions, useQuery } from '@tanstack/react-query';
import type { EmployeeRole } from '@till/core';
import { apiClient } from '@/lib/api-client';

/** GET /api/employee-login/employees: the active employees of the device's business, for the name picker. */
export interface SignInEmployee {
  id: string;
  full_name: string;
  role: EmployeeRole;
  /** Without a PIN the employee first sets one at /employee-setup. */
  has_pin: boolean;
}

export async function getSignInEmployees({ signal }: { signal?: AbortSignal } = {}): Promise<SignInEmployee[]> {
  const response = await apiClient.get<{ employees: SignInEmployee[] }>('/api/employee-login/employees', {
    ...(signal ? { signal } : {}),
    // The picker is the account's (the device's), not the employee's who may still be signed in.
    employeeSession: 'omit',
  });
  return response.employees;
}

export const signInEmployeesQueryKey = ['employee-login', 'employees'] as const;

export function getSignInEmployeesQueryOptions() {
  return queryOptions({
    queryKey: signInEmployeesQueryKey,
    queryFn: ({ signal }) => getSignInEmployees({ signal }),
    // Someone added at the back office a minute ago should be on the till's list.
    staleTime: 30_000,
  });
}

export function useSignInEmployees({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getSignInEmployeesQueryOptions(), enabled });
}

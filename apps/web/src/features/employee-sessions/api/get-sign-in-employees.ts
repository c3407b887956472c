import { queryOptions, useQuery } from '@tanstack/react-query';
import { withoutEmployeeSession } from '@/lib/api-client';
import { api, dataOf, type ApiAnswer } from '@/lib/api';

/** GET /api/employee-login/employees: the active employees of the device's business, for the name picker (has_pin false: set one at /employee-setup first). */
export type SignInEmployee = ApiAnswer<'/api/employee-login/employees'>['employees'][number];

export async function getSignInEmployees({ signal }: { signal?: AbortSignal } = {}): Promise<SignInEmployee[]> {
  // The picker is the account's (the device's), not the employee's who may still be signed in.
  const response = await dataOf(api.GET('/api/employee-login/employees', { headers: withoutEmployeeSession, ...(signal ? { signal } : {}) }));
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

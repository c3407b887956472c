import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPermissions, EmployeePermissions } from '@till/core';
import { api, dataOf } from '@/lib/api';
import { employeesQueryKey, type Employee, type SetupCode } from './types';

export interface CreateEmployeeInput {
  fullName: string;
  email: string | null;
  role: 'admin' | 'manager' | 'cashier' | 'kitchen';
  permissions: EmployeePermissions;
  adminPermissions?: AdminPermissions;
  pin?: string;
}

/** POST /api/employees: without a PIN the answer carries a one-time setup code. */
export function createEmployee(input: CreateEmployeeInput): Promise<{ employee: Employee; setup_code: SetupCode | null }> {
  const { fullName, adminPermissions, ...rest } = input;
  const body = { ...rest, full_name: fullName, ...(adminPermissions !== undefined ? { admin_permissions: adminPermissions } : {}) };
  return dataOf(api.POST('/api/employees', { body }));
}

export function useCreateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey }),
  });
}

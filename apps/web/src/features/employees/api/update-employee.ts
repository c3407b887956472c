import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { AdminPermissions, EmployeePermissions } from '@till/core';
import { api, dataOf } from '@/lib/api';
import { employeesQueryKey, type Employee } from './types';

/** PATCH /api/employees/{id}: only what changed. */
export interface UpdateEmployeePatch {
  fullName?: string;
  email?: string | null;
  role?: 'admin' | 'manager' | 'cashier' | 'kitchen';
  permissions?: Partial<EmployeePermissions>;
  adminPermissions?: Partial<AdminPermissions>;
  pin?: string;
}

export function updateEmployee({ id, patch }: { id: string; patch: UpdateEmployeePatch }): Promise<{ employee: Employee }> {
  const { fullName, adminPermissions, ...rest } = patch;
  const body = {
    ...rest,
    ...(fullName !== undefined ? { full_name: fullName } : {}),
    ...(adminPermissions !== undefined ? { admin_permissions: adminPermissions } : {}),
  };
  return dataOf(api.PATCH('/api/employees/{id}', { params: { path: { id } }, body }));
}

export function useUpdateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey }),
  });
}

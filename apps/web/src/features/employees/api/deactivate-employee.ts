import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { employeesQueryKey, type Employee } from './types';

/** POST /api/employees/{id}/deactivate: they can no longer sign in, and their sessions end at once. */
export function deactivateEmployee(id: string): Promise<{ employee: Employee }> {
  return dataOf(api.POST('/api/employees/{id}/deactivate', { params: { path: { id } } }));
}

export function useDeactivateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { employeesQueryKey, type Employee } from './types';

/** POST /api/employees/{id}/deactivate: they can no longer sign in, and their sessions end at once. */
export function deactivateEmployee(id: string): Promise<{ employee: Employee }> {
  return apiClient.post(`/api/employees/${encodeURIComponent(id)}/deactivate`);
}

export function useDeactivateEmployee() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deactivateEmployee,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { employeesQueryKey, type SetupCode } from './types';

/** POST /api/employees/{id}/setup-code: a new one-time code; any earlier one stops working. */
export function issueSetupCode(id: string): Promise<{ setup_code: SetupCode }> {
  return apiClient.post(`/api/employees/${encodeURIComponent(id)}/setup-code`);
}

export function useIssueSetupCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueSetupCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey }),
  });
}

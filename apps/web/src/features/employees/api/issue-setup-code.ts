import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { employeesQueryKey, type SetupCode } from './types';

/** POST /api/employees/{id}/setup-code: a new one-time code; any earlier one stops working. */
export function issueSetupCode(id: string): Promise<{ setup_code: SetupCode }> {
  return dataOf(api.POST('/api/employees/{id}/setup-code', { params: { path: { id } } }));
}

export function useIssueSetupCode() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: issueSetupCode,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: employeesQueryKey }),
  });
}

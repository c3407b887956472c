import { useMutation, useQueryClient } from '@tanstack/react-query';
import { EMPLOYEE_SESSION_EXPIRED, isApiError } from '@/lib/api-client';
import { api, dataOf, type ApiAnswer } from '@/lib/api';
import { forgetActorQueries } from '@/lib/actor-queries';
import { clearEmployeeSessionIfToken, readEmployeeSession } from '@/lib/employee-session';

export type EndShiftResponse = ApiAnswer<'/api/employee-sessions/end-shift', 'post'>;

/**
 * SPEC §4 End Shift: the server marks the employee's sessions inactive and closes the open
 * time-clock entry; then this device forgets the session. A session the server has already
 * ended needs no ending: that counts as done.
 */
export async function endShift(): Promise<EndShiftResponse | null> {
  const session = readEmployeeSession();
  if (!session) return null;
  try {
    const result = await dataOf(api.POST('/api/employee-sessions/end-shift'));
    clearEmployeeSessionIfToken(session.token);
    return result;
  } catch (error) {
    if (isApiError(error) && error.status === 401 && error.code === EMPLOYEE_SESSION_EXPIRED) {
      clearEmployeeSessionIfToken(session.token);
      return null;
    }
    throw error;
  }
}

export function useEndShift() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: endShift,
    onSuccess: () => forgetActorQueries(queryClient),
  });
}

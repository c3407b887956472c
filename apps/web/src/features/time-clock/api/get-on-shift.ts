import { useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { actorKey, useEmployeeSession } from '@/lib/employee-session';
import { timeClockQueryKey, type OnShiftEmployee } from './types';

export async function getOnShift({ signal }: { signal?: AbortSignal } = {}): Promise<OnShiftEmployee[]> {
  const response = await apiClient.get<{ on_shift: OnShiftEmployee[] }>('/api/time-clock/on-shift', signal ? { signal } : {});
  return response.on_shift;
}

/** GET /api/time-clock/on-shift: who is clocked in now. */
export function useOnShift() {
  const session = useEmployeeSession();
  return useQuery({
    queryKey: [...timeClockQueryKey, 'on-shift', actorKey(session)],
    queryFn: ({ signal }) => getOnShift({ signal }),
    staleTime: 0,
  });
}

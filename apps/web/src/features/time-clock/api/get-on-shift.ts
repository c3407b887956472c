import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { actorKey, useEmployeeSession } from '@/lib/employee-session';
import { timeClockQueryKey, type OnShiftEmployee } from './types';

export async function getOnShift({ signal }: { signal?: AbortSignal } = {}): Promise<OnShiftEmployee[]> {
  const response = await dataOf(api.GET('/api/time-clock/on-shift', signal ? { signal } : {}));
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

import { useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { actorKey, useEmployeeSession } from '@/lib/employee-session';
import { timeClockQueryKey, type ClockStatus } from './types';

export function getClockStatus({ signal }: { signal?: AbortSignal } = {}): Promise<ClockStatus> {
  return dataOf(api.GET('/api/time-clock/current', signal ? { signal } : {}));
}

export const clockStatusQueryKey = (actor: string) => [...timeClockQueryKey, 'current', actor] as const;

/** GET /api/time-clock/current: the signed-in employee's clock. Only an employee session has one. */
export function useClockStatus() {
  const session = useEmployeeSession();
  return useQuery({
    queryKey: clockStatusQueryKey(actorKey(session)),
    queryFn: ({ signal }) => getClockStatus({ signal }),
    enabled: session !== null,
    // Punches from another till show up when the page is opened again.
    staleTime: 0,
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { actorKey, useEmployeeSession } from '@/lib/employee-session';
import { clockStatusQueryKey } from './get-clock-status';
import { timeClockQueryKey, type ClockState, type TimeEntry } from './types';

export type Punch = 'clock-in' | 'start-break' | 'end-break' | 'clock-out';

/** The state a successful punch leaves the clock in. */
export const STATE_AFTER: Record<Punch, ClockState> = {
  'clock-in': 'working',
  'start-break': 'on_break',
  'end-break': 'working',
  'clock-out': 'clocked_out',
};

/** POST /api/time-clock/{punch} for the signed-in employee. */
export async function punch(kind: Punch): Promise<TimeEntry> {
  const response = await dataOf(
    kind === 'clock-in'
      ? api.POST('/api/time-clock/clock-in')
      : kind === 'start-break'
        ? api.POST('/api/time-clock/start-break')
        : kind === 'end-break'
          ? api.POST('/api/time-clock/end-break')
          : api.POST('/api/time-clock/clock-out'),
  );
  return response.entry;
}

export function usePunch() {
  const queryClient = useQueryClient();
  const session = useEmployeeSession();
  return useMutation({
    mutationFn: punch,
    onSuccess: async (entry, kind) => {
      const state = STATE_AFTER[kind];
      queryClient.setQueryData(clockStatusQueryKey(actorKey(session)), { state, entry: state === 'clocked_out' ? null : entry });
      await queryClient.invalidateQueries({ queryKey: timeClockQueryKey });
    },
    onError: () => queryClient.invalidateQueries({ queryKey: timeClockQueryKey }),
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { timeClockQueryKey, type TimeEntry } from './types';

/** PATCH /api/time-clock/entries/{id}: the changed times and why; the server recomputes the totals. */
export interface CorrectTimeEntryInput {
  clock_in_time?: string;
  clock_out_time?: string;
  /** null removes the break. */
  break_start_time?: string | null;
  break_end_time?: string | null;
  reason: string;
}

export async function correctTimeEntry({ id, input }: { id: string; input: CorrectTimeEntryInput }): Promise<TimeEntry> {
  const response = await dataOf(api.PATCH('/api/time-clock/entries/{id}', { params: { path: { id } }, body: input }));
  return response.entry;
}

export function useCorrectTimeEntry() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: correctTimeEntry,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: timeClockQueryKey }),
  });
}

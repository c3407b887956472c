import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api, dataOf } from '@/lib/api';
import { actorKey, useEmployeeSession } from '@/lib/employee-session';
import { timeClockQueryKey, type TimeEntriesReport } from './types';

export interface TimeEntriesRange {
  from: string;
  to: string;
}

export function getTimeEntries(range: TimeEntriesRange, { signal }: { signal?: AbortSignal } = {}): Promise<TimeEntriesReport> {
  return dataOf(api.GET('/api/time-clock/entries', { params: { query: { ...range } }, ...(signal ? { signal } : {}) }));
}

/**
 * GET /api/time-clock/entries?from&to: shifts begun in the dates (business time zone) with
 * hours per employee. Employees who do not manage the clock get their own only.
 */
export function useTimeEntries(range: TimeEntriesRange) {
  const session = useEmployeeSession();
  return useQuery({
    queryKey: [...timeClockQueryKey, 'entries', actorKey(session), range.from, range.to],
    queryFn: ({ signal }) => getTimeEntries(range, { signal }),
    // Paging from week to week keeps the last table in place instead of flashing a loader.
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

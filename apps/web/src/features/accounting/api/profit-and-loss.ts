import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { MonthRange } from '@till/core';
import { api, dataOf, type ApiAnswer } from '@/lib/api';
import { actorKey, useEmployeeSession } from '@/lib/employee-session';

export type ProfitAndLoss = ApiAnswer<'/api/accounting/profit-and-loss'>;
export type StatementFigures = ProfitAndLoss['total'];

export const accountingQueryKey = ['accounting'] as const;

export function getProfitAndLossQueryOptions(range: MonthRange, actor: string) {
  return queryOptions({
    queryKey: [...accountingQueryKey, 'profit-and-loss', range.from, range.to, actor] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/accounting/profit-and-loss', { params: { query: { from: range.from, to: range.to } }, signal })),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

/** GET /api/accounting/profit-and-loss: the statement of a range of months (at most 24). */
export function useProfitAndLoss(range: MonthRange) {
  const session = useEmployeeSession();
  return useQuery(getProfitAndLossQueryOptions(range, actorKey(session)));
}

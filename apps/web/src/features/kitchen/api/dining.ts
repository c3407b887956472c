import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DiningTablePlacement, SplitBillInput } from '@till/core';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';
import { kitchenQueryKey } from './kitchen';

/** Under the kitchen's key: every kitchen.ticket event re-reads the plan too (decision 036). */
export const planQueryKey = [...kitchenQueryKey, 'plan'] as const;

export type DiningPlan = ApiAnswer<'/api/dining/plan'>;
export type DiningTable = DiningPlan['tables'][number];

/** GET /api/dining/plan: areas, tables and each table's state. */
export function usePlan(enabled = true) {
  return useQuery({
    queryKey: planQueryKey,
    queryFn: ({ signal }) => dataOf(api.GET('/api/dining/plan', { signal })),
    enabled,
    refetchInterval: 30_000,
  });
}

function useDiningMutation<V, R>(fn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: kitchenQueryKey }) });
}

export const useCreateArea = () => useDiningMutation((input: ApiBody<'/api/dining/areas', 'post'>) => dataOf(api.POST('/api/dining/areas', { body: input })));
export const useCreateTable = () => useDiningMutation((input: ApiBody<'/api/dining/tables', 'post'>) => dataOf(api.POST('/api/dining/tables', { body: input })));
export const usePlaceTable = () =>
  useDiningMutation(({ id, placement }: { id: string; placement: DiningTablePlacement }) =>
    dataOf(api.PATCH('/api/dining/tables/{id}/place', { params: { path: { id } }, body: placement })),
  );
export const useMoveTicket = () =>
  useDiningMutation(({ ticketId, tableId }: { ticketId: string; tableId: string }) =>
    dataOf(api.POST('/api/kitchen/tickets/{id}/move', { params: { path: { id: ticketId } }, body: { table_id: tableId } })).then((answer) => answer.ticket),
  );
export const useSplitBill = () =>
  useDiningMutation(({ ticketId, split }: { ticketId: string; split: SplitBillInput }) =>
    dataOf(api.POST('/api/kitchen/tickets/{id}/split', { params: { path: { id: ticketId } }, body: split })).then((answer) => answer.ticket),
  );
export const useUndoSplit = () =>
  useDiningMutation((ticketId: string) => dataOf(api.DELETE('/api/kitchen/tickets/{id}/split', { params: { path: { id: ticketId } } })).then((answer) => answer.ticket));

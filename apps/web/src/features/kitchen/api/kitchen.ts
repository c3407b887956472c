import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { stageListToWire, type SendTicketInput, type StationInput, type ChangeItemInput, type KitchenItemInput, type StageListInput } from '@till/core';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';

export const kitchenQueryKey = ['kitchen'] as const;
export const boardQueryKey = [...kitchenQueryKey, 'board'] as const;
export const openTicketsQueryKey = [...kitchenQueryKey, 'open'] as const;

/** GET /api/kitchen/board's answer: the server's route schema. */
export type Board = ApiAnswer<'/api/kitchen/board'>;

/** GET /api/kitchen/board: the display's stations and tickets. */
export function useBoard(enabled = true) {
  return useQuery({
    queryKey: boardQueryKey,
    queryFn: ({ signal }) => dataOf(api.GET('/api/kitchen/board', { signal })),
    enabled,
    // The channel says when to re-read; this is the fallback while it is down.
    refetchInterval: 30_000,
  });
}

/** GET /api/kitchen/tickets: the till's open tickets with their stages. */
export function useOpenTickets(enabled = true) {
  return useQuery({
    queryKey: openTicketsQueryKey,
    queryFn: async ({ signal }) => (await dataOf(api.GET('/api/kitchen/tickets', { signal }))).tickets,
    enabled,
    refetchInterval: 30_000,
  });
}

/** An item as the API takes it (decision 070: snake_case on the wire). */
const itemToWire = (item: KitchenItemInput): ApiBody<'/api/kitchen/tickets/{id}/items', 'post'>['items'][number] => ({
  product_id: item.productId,
  quantity: item.quantity,
  ...(item.note !== undefined ? { note: item.note } : {}),
  ...(item.hold !== undefined ? { hold: item.hold } : {}),
  ...(item.seat !== undefined ? { seat: item.seat } : {}),
  ...(item.modifierOptionIds !== undefined ? { modifier_option_ids: item.modifierOptionIds } : {}),
});

const sendToWire = (input: SendTicketInput): ApiBody<'/api/kitchen/tickets', 'post'> => ({
  idempotency_key: input.idempotencyKey,
  order_type: input.orderType,
  ...(input.table !== undefined ? { table: input.table } : {}),
  ...(input.tableId !== undefined ? { table_id: input.tableId } : {}),
  ...(input.guests !== undefined ? { guests: input.guests } : {}),
  items: input.items.map(itemToWire),
});

const changeToWire = (change: ChangeItemInput): ApiBody<'/api/kitchen/tickets/{id}/items/{itemId}', 'patch'> => ({
  ...(change.quantity !== undefined ? { quantity: change.quantity } : {}),
  ...(change.note !== undefined ? { note: change.note } : {}),
  ...(change.modifierOptionIds !== undefined ? { modifier_option_ids: change.modifierOptionIds } : {}),
  ...(change.void !== undefined ? { void: change.void } : {}),
});

function useKitchenMutation<V, R>(fn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: kitchenQueryKey }) });
}

export const useSendTicket = () => useKitchenMutation((input: SendTicketInput) => dataOf(api.POST('/api/kitchen/tickets', { body: sendToWire(input) })).then((answer) => answer.ticket));
export const useAddRound = () =>
  useKitchenMutation(({ ticketId, items }: { ticketId: string; items: KitchenItemInput[] }) => dataOf(api.POST('/api/kitchen/tickets/{id}/items', { params: { path: { id: ticketId } }, body: { items: items.map(itemToWire) } })));
export const useChangeItem = () =>
  useKitchenMutation(({ ticketId, itemId, change }: { ticketId: string; itemId: string; change: ChangeItemInput }) =>
    dataOf(api.PATCH('/api/kitchen/tickets/{id}/items/{itemId}', { params: { path: { id: ticketId, itemId } }, body: changeToWire(change) })),
  );
export const useFireCourse = () => useKitchenMutation((ticketId: string) => dataOf(api.POST('/api/kitchen/tickets/{id}/fire', { params: { path: { id: ticketId } } })));
export const useMoveStage = () =>
  useKitchenMutation(({ ticketId, direction, from, stationId }: { ticketId: string; direction: 'bump' | 'recall'; from: string; stationId?: string }) =>
    dataOf(
      api.POST(direction === 'bump' ? '/api/kitchen/tickets/{id}/bump' : '/api/kitchen/tickets/{id}/recall', {
        params: { path: { id: ticketId } },
        body: { from, ...(stationId ? { station_id: stationId } : {}) },
      }),
    ),
  );
export const useItemDone = () =>
  useKitchenMutation(({ ticketId, itemId }: { ticketId: string; itemId: string }) => dataOf(api.POST('/api/kitchen/tickets/{id}/items/{itemId}/done', { params: { path: { id: ticketId, itemId } } })));
export const useSaveStation = () =>
  useKitchenMutation(({ id, input }: { id: string | null; input: StationInput }) =>
    id ? dataOf(api.PUT('/api/kitchen/stations/{id}', { params: { path: { id } }, body: input })) : dataOf(api.POST('/api/kitchen/stations', { body: input })),
  );
export const useSaveStageList = () => useKitchenMutation((input: StageListInput) => dataOf(api.PUT('/api/kitchen/stages', { body: stageListToWire(input) })));
export const useDeleteStation = () => useKitchenMutation((id: string) => dataOf(api.DELETE('/api/kitchen/stations/{id}', { params: { path: { id } } })));

/** The categories a station may prepare (the till's category list). */
export function useKitchenCategories(enabled: boolean) {
  return useQuery({
    queryKey: [...kitchenQueryKey, 'categories'],
    queryFn: async ({ signal }) => (await dataOf(api.GET('/api/pos/categories', { signal }))).categories,
    enabled,
  });
}

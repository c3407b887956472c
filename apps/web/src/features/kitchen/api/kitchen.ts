import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { KitchenStage, KitchenStationView, KitchenTicketView, SendTicketInput, StationInput, ChangeItemInput, KitchenItemInput } from '@till/core';
import { apiClient } from '@/lib/api-client';

export const kitchenQueryKey = ['kitchen'] as const;
export const boardQueryKey = [...kitchenQueryKey, 'board'] as const;
export const openTicketsQueryKey = [...kitchenQueryKey, 'open'] as const;

export interface Board {
  stations: KitchenStationView[];
  tickets: KitchenTicketView[];
  serverTime: string;
}

/** GET /api/kitchen/board: the display's stations and tickets. */
export function useBoard(enabled = true) {
  return useQuery({
    queryKey: boardQueryKey,
    queryFn: ({ signal }) => apiClient.get<Board>('/api/kitchen/board', { signal }),
    enabled,
    // The channel says when to re-read; this is the fallback while it is down.
    refetchInterval: 30_000,
  });
}

/** GET /api/kitchen/tickets: the till's open tickets with their stages. */
export function useOpenTickets(enabled = true) {
  return useQuery({
    queryKey: openTicketsQueryKey,
    queryFn: async ({ signal }) => (await apiClient.get<{ tickets: KitchenTicketView[] }>('/api/kitchen/tickets', { signal })).tickets,
    enabled,
    refetchInterval: 30_000,
  });
}

function useKitchenMutation<V, R>(fn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: fn, onSettled: () => queryClient.invalidateQueries({ queryKey: kitchenQueryKey }) });
}

type TicketAnswer = { ticket: KitchenTicketView };

export const useSendTicket = () => useKitchenMutation((input: SendTicketInput) => apiClient.post<TicketAnswer>('/api/kitchen/tickets', input).then((answer) => answer.ticket));
export const useAddRound = () =>
  useKitchenMutation(({ ticketId, items }: { ticketId: string; items: KitchenItemInput[] }) => apiClient.post<TicketAnswer>(`/api/kitchen/tickets/${ticketId}/items`, { items }));
export const useChangeItem = () =>
  useKitchenMutation(({ ticketId, itemId, change }: { ticketId: string; itemId: string; change: ChangeItemInput }) =>
    apiClient.patch<TicketAnswer>(`/api/kitchen/tickets/${ticketId}/items/${itemId}`, change),
  );
export const useFireCourse = () => useKitchenMutation((ticketId: string) => apiClient.post<TicketAnswer>(`/api/kitchen/tickets/${ticketId}/fire`));
export const useMoveStage = () =>
  useKitchenMutation(({ ticketId, direction, from, stationId }: { ticketId: string; direction: 'bump' | 'recall'; from: KitchenStage; stationId?: string }) =>
    apiClient.post<TicketAnswer>(`/api/kitchen/tickets/${ticketId}/${direction}`, { from, ...(stationId ? { stationId } : {}) }),
  );
export const useItemDone = () =>
  useKitchenMutation(({ ticketId, itemId }: { ticketId: string; itemId: string }) => apiClient.post<TicketAnswer>(`/api/kitchen/tickets/${ticketId}/items/${itemId}/done`));
export const useSaveStation = () =>
  useKitchenMutation(({ id, input }: { id: string | null; input: StationInput }) =>
    id ? apiClient.put<{ station: KitchenStationView }>(`/api/kitchen/stations/${id}`, input) : apiClient.post<{ station: KitchenStationView }>('/api/kitchen/stations', input),
  );
export const useDeleteStation = () => useKitchenMutation((id: string) => apiClient.delete(`/api/kitchen/stations/${id}`));

/** The categories a station may prepare (the till's category list). */
export function useKitchenCategories(enabled: boolean) {
  return useQuery({
    queryKey: [...kitchenQueryKey, 'categories'],
    queryFn: async ({ signal }) => (await apiClient.get<{ categories: { id: string; name: string }[] }>('/api/pos/categories', { signal })).categories,
    enabled,
  });
}

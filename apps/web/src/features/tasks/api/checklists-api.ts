import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';

/** The checklists API's answers, named for the components: the server's route schemas, never copies. */
export type Checklist = ApiAnswer<'/api/checklists'>['checklists'][number];
export type TodayChecklists = ApiAnswer<'/api/checklists/today'>;
export type ChecklistPayload = ApiBody<'/api/checklists'>;

export const checklistsKey = ['checklists'] as const;

/** GET /api/checklists/today for a store (the till's store when none is given). */
export function todayChecklistsQuery(storeId: string | undefined) {
  return queryOptions({
    queryKey: [...checklistsKey, 'today', storeId ?? 'here'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/checklists/today', { params: { query: { store_id: storeId } }, signal })),
    // The day turns at the store's midnight, and a list turns overdue at its hour; a till or dashboard left open follows.
    refetchInterval: 5 * 60_000,
  });
}

/** GET /api/checklists/today: the store's checklists due today (the till's store when no store is asked for). */
export function useTodayChecklists(storeId: string | undefined) {
  return useQuery(todayChecklistsQuery(storeId));
}

export function useChecklists(enabled: boolean) {
  return useQuery({
    queryKey: [...checklistsKey, 'all'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/checklists', { signal })),
    select: (answer) => answer.checklists,
    enabled,
  });
}

/**
 * PUT …/tick: the box changes at once (a till must feel instant); the answer, today's lists with
 * who ticked what, then replaces the cache, and a failure puts the box back. `onTickSettled` hears
 * every tick's end (a `mutate` call's own callbacks fire for the last call only).
 */
export function useTickChecklistItem(storeId: string | undefined, onTickSettled?: (input: { itemId: string }, error: Error | null) => void) {
  const queryClient = useQueryClient();
  const key = [...checklistsKey, 'today', storeId ?? 'here'] as const;
  const mutationKey = [...checklistsKey, 'tick', storeId ?? 'here'] as const;
  /** Sets one item's box in the cached lists. */
  const setDone = (input: { checklistId: string; itemId: string }, done: boolean) =>
    queryClient.setQueryData<TodayChecklists>(key, (lists) =>
      lists && {
        ...lists,
        checklists: lists.checklists.map((checklist) =>
          checklist.id !== input.checklistId ? checklist : { ...checklist, items: checklist.items.map((item) => (item.id === input.itemId ? { ...item, done } : item)) },
        ),
      },
    );
  // While this tick is pending, is another one too? (A mutation counts as pending until after its onSuccess and onSettled.)
  const anotherTickPending = () => queryClient.isMutating({ mutationKey }) > 1;
  // Whether ticks have overlapped since the lists were last written from one answer alone.
  const overlapped = useRef(false);
  return useMutation({
    mutationKey,
    mutationFn: (input: { checklistId: string; itemId: string; done: boolean }) =>
      dataOf(api.PUT('/api/checklists/{id}/items/{itemId}/tick', { params: { path: { id: input.checklistId, itemId: input.itemId } }, body: { done: input.done, store_id: storeId } })),
    onMutate: async (input) => {
      if (anotherTickPending()) overlapped.current = true;
      await queryClient.cancelQueries({ queryKey: key });
      setDone(input, input.done);
    },
    // Only this item goes back: a cashier's other ticks still on their way stay.
    onError: (_error, input) => setDone(input, !input.done),
    onSuccess: (today) => {
      // An answer taken before a later tick would untick it on screen until that tick's answer came:
      // while another tick is on its way, its answer (or the refetch below) writes the lists.
      if (!anotherTickPending()) queryClient.setQueryData(key, today);
    },
    onSettled: (_today, error, input) => {
      onTickSettled?.(input, error);
      // Overlapping ticks may answer out of order (the last answer may not hold the other tick), or
      // one failed: the last to settle asks the server for the lists again.
      if (anotherTickPending() || !(overlapped.current || error)) return;
      overlapped.current = false;
      void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}

function useChecklistMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: checklistsKey }) });
}

export const useSaveChecklist = () =>
  useChecklistMutation((input: { id: string | null; body: ChecklistPayload }) =>
    input.id
      ? dataOf(api.PUT('/api/checklists/{id}', { params: { path: { id: input.id } }, body: input.body }))
      : dataOf(api.POST('/api/checklists', { body: input.body })),
  );

export const useDeleteChecklist = () => useChecklistMutation((id: string) => dataOf(api.DELETE('/api/checklists/{id}', { params: { path: { id } } })));

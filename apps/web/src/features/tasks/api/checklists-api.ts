import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
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
 * who ticked what, then replaces the cache, and a failure puts the box back.
 */
export function useTickChecklistItem(storeId: string | undefined) {
  const queryClient = useQueryClient();
  const key = [...checklistsKey, 'today', storeId ?? 'here'] as const;
  return useMutation({
    mutationFn: (input: { checklistId: string; itemId: string; done: boolean }) =>
      dataOf(api.PUT('/api/checklists/{id}/items/{itemId}/tick', { params: { path: { id: input.checklistId, itemId: input.itemId } }, body: { done: input.done, store_id: storeId } })),
    onMutate: async (input) => {
      await queryClient.cancelQueries({ queryKey: key });
      const before = queryClient.getQueryData<TodayChecklists>(key);
      if (before) {
        queryClient.setQueryData<TodayChecklists>(key, {
          ...before,
          checklists: before.checklists.map((checklist) =>
            checklist.id !== input.checklistId ? checklist : { ...checklist, items: checklist.items.map((item) => (item.id === input.itemId ? { ...item, done: input.done } : item)) },
          ),
        });
      }
      return { before };
    },
    onError: (_error, _input, context) => {
      if (context?.before) queryClient.setQueryData(key, context.before);
    },
    onSuccess: (today) => queryClient.setQueryData(key, today),
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

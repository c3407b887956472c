import type { TaskStatus } from '@till/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api, dataOf, type ApiAnswer, type ApiBody } from '@/lib/api';

/** The tasks API's answers, named for the components: the server's route schemas, never copies. */
export type Task = ApiAnswer<'/api/tasks'>['tasks'][number];
export type TaskAssignee = ApiAnswer<'/api/tasks/assignees'>['assignees'][number];

export interface TaskFilters {
  status?: TaskStatus;
  assigneeId?: string;
  overdue?: boolean;
}

export type TaskPayload = ApiBody<'/api/tasks'>;

export const tasksKey = ['tasks'] as const;

/** GET /api/tasks: open work first by due day, then done. */
export function useTasks(filters: TaskFilters) {
  return useQuery({
    queryKey: [...tasksKey, 'list', filters] as const,
    queryFn: ({ signal }) =>
      dataOf(api.GET('/api/tasks', { params: { query: { status: filters.status, assignee_id: filters.assigneeId, overdue: filters.overdue ? 'true' : undefined } }, signal })),
    placeholderData: keepPreviousData,
  });
}

export function useTaskAssignees() {
  return useQuery({
    queryKey: [...tasksKey, 'assignees'] as const,
    queryFn: ({ signal }) => dataOf(api.GET('/api/tasks/assignees', { signal })),
    select: (answer) => answer.assignees,
  });
}

function useTaskMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksKey }) });
}

export const useCreateTask = () => useTaskMutation(async (payload: TaskPayload) => (await dataOf(api.POST('/api/tasks', { body: payload }))).task);

export const useUpdateTask = () =>
  useTaskMutation(async (input: { id: string; changes: Partial<TaskPayload> & { status?: TaskStatus } }) => (await dataOf(api.PATCH('/api/tasks/{id}', { params: { path: { id: input.id } }, body: input.changes }))).task);

export const useDeleteTask = () => useTaskMutation((id: string) => dataOf(api.DELETE('/api/tasks/{id}', { params: { path: { id } } })));

import type { TaskStatus } from '@till/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

export interface Task {
  id: string;
  title: string;
  notes: string | null;
  assignee: { id: string; name: string } | null;
  dueDate: string | null;
  status: TaskStatus;
  overdue: boolean;
  completedAt: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface TaskAssignee {
  id: string;
  name: string;
  role: string;
}

export interface TaskFilters {
  status?: TaskStatus;
  assigneeId?: string;
  overdue?: boolean;
}

export interface TaskPayload {
  title: string;
  notes: string | null;
  assigneeId: string | null;
  dueDate: string | null;
}

export const tasksKey = ['tasks'] as const;

/** GET /api/tasks: open work first by due day, then done. */
export function useTasks(filters: TaskFilters) {
  return useQuery({
    queryKey: [...tasksKey, 'list', filters] as const,
    queryFn: ({ signal }) =>
      apiClient.get<{ tasks: Task[]; today: string }>('/api/tasks', {
        query: { status: filters.status, assigneeId: filters.assigneeId, overdue: filters.overdue ? 'true' : undefined },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useTaskAssignees() {
  return useQuery({
    queryKey: [...tasksKey, 'assignees'] as const,
    queryFn: ({ signal }) => apiClient.get<{ assignees: TaskAssignee[] }>('/api/tasks/assignees', { signal }),
    select: (answer) => answer.assignees,
  });
}

function useTaskMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSuccess: () => queryClient.invalidateQueries({ queryKey: tasksKey }) });
}

export const useCreateTask = () => useTaskMutation(async (payload: TaskPayload) => (await apiClient.post<{ task: Task }>('/api/tasks', payload)).task);

export const useUpdateTask = () =>
  useTaskMutation(async (input: { id: string; changes: Partial<TaskPayload> & { status?: TaskStatus } }) => (await apiClient.patch<{ task: Task }>(`/api/tasks/${input.id}`, input.changes)).task);

export const useDeleteTask = () => useTaskMutation((id: string) => apiClient.delete<{ deleted: true }>(`/api/tasks/${id}`));

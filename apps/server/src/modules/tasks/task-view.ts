import type { TaskWithAssignee } from './tasks.repository.ts';

export function toTaskView({ task, assigneeName }: TaskWithAssignee, today: string) {
  const status = task.status as 'open' | 'in_progress' | 'done';
  return {
    id: task.id,
    title: task.title,
    notes: task.notes,
    assignee: task.assigneeEmployeeId ? { id: task.assigneeEmployeeId, name: assigneeName ?? '' } : null,
    due_date: task.dueDate,
    status,
    overdue: status !== 'done' && task.dueDate !== null && task.dueDate < today,
    completed_at: task.completedAt?.toISOString() ?? null,
    created_at: task.createdAt.toISOString(),
    updated_at: task.updatedAt.toISOString(),
  };
}

export type TaskView = ReturnType<typeof toTaskView>;

/** Today in the business's time zone, YYYY-MM-DD. */
export function todayIn(timeZone: string, now: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(now);
}

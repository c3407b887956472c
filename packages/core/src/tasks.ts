import type { Actor } from './api-access.ts';

/** Tasks (issue 20 item 8): a job for someone in the business, with a due date and a status. */
export const TASK_STATUSES = ['open', 'in_progress', 'done'] as const;
export type TaskStatus = (typeof TASK_STATUSES)[number];

export const TASK_STATUS_LABELS: Record<TaskStatus, string> = { open: 'To do', in_progress: 'In progress', done: 'Done' };

export const TASK_TITLE_MAX = 200;
export const TASK_NOTES_MAX = 2000;

/**
 * Who hands out work (decision 022): the owner, admins and managers, the roles SPEC §6 always
 * lets through its employee checks. Anyone else works on the tasks given to them (or to no one).
 */
export function canManageTasks(actor: Actor): boolean {
  return actor.kind === 'owner' || actor.role === 'business_owner' || actor.role === 'admin' || actor.role === 'manager';
}

/** A task not done whose due day is before today (both YYYY-MM-DD in the business's time zone). */
export function isTaskOverdue(task: { status: TaskStatus; dueDate: string | null }, today: string): boolean {
  return task.status !== 'done' && task.dueDate !== null && task.dueDate < today;
}

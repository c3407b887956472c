import type { Database } from '../../db/client.ts';
import { toTaskView, todayIn } from './task-view.ts';
import { tasksRepository as repo } from './tasks.repository.ts';

/** Tasks by status and due day; `mine` (the signed-in employee's), `overdue` (not done, due before today in the business's time zone). */
export async function listTasks(
  database: Database,
  businessId: string,
  input: { status?: 'open' | 'in_progress' | 'done' | undefined; assigneeId?: string | undefined; overdue?: boolean | undefined },
  now: Date,
) {
  return database.withTenant(businessId, async (tx) => {
    const today = todayIn(await repo.timeZoneOf(tx, businessId), now);
    const rows = await repo.list(tx, businessId, {
      status: input.status,
      assigneeEmployeeId: input.assigneeId,
      overdueBefore: input.overdue ? today : undefined,
    });
    return { tasks: rows.map((row) => toTaskView(row, today)), today };
  });
}

/** Who a task may be given to: the business's active employees. */
export async function listTaskAssignees(database: Database, businessId: string) {
  return database.withTenant(businessId, (tx) => repo.activeEmployees(tx, businessId));
}

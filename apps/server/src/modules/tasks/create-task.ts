import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessRepository } from '../business/business.repository.ts';
import { auditActor, checkAssignee, requireTaskManager } from './task-rules.ts';
import { toTaskView, todayIn, type TaskView } from './task-view.ts';
import { tasksRepository as repo } from './tasks.repository.ts';

export interface CreateTaskInput {
  title: string;
  notes?: string | null | undefined;
  assigneeId?: string | null | undefined;
  dueDate?: string | null | undefined;
}

/** Adds a task (owner, admin or manager), optionally for an active employee and a due day. Audited. */
export async function createTask(database: Database, tenant: TenantContext, input: CreateTaskInput, now: Date): Promise<TaskView> {
  requireTaskManager(tenant);
  return database.withTenant(tenant.businessId, async (tx) => {
    await checkAssignee(tx, tenant.businessId, input.assigneeId);
    const row = await repo.insert(tx, {
      businessId: tenant.businessId,
      title: input.title.trim(),
      notes: input.notes?.trim() || null,
      assigneeEmployeeId: input.assigneeId ?? null,
      dueDate: input.dueDate ?? null,
      status: 'open',
      createdByUserId: tenant.userId,
      createdByEmployeeId: tenant.employeeSession?.employeeId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    await businessRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      ...auditActor(tenant),
      action: 'task.created',
      details: { task_id: row.id, title: row.title, assignee_employee_id: row.assigneeEmployeeId, due_date: row.dueDate },
    });
    const today = todayIn(await repo.timeZoneOf(tx, tenant.businessId), now);
    return toTaskView((await repo.findWithAssignee(tx, tenant.businessId, row.id))!, today);
  });
}

import { canManageTasks } from '@till/core';
import type { Database } from '../../db/client.ts';
import { forbidden } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessRepository } from '../business/business.repository.ts';
import { auditActor, checkAssignee, mustManage, taskNotFound } from './task-rules.ts';
import { toTaskView, todayIn, type TaskView } from './task-view.ts';
import { tasksRepository as repo } from './tasks.repository.ts';

export interface UpdateTaskInput {
  title?: string | undefined;
  notes?: string | null | undefined;
  assigneeId?: string | null | undefined;
  dueDate?: string | null | undefined;
  status?: 'open' | 'in_progress' | 'done' | undefined;
}

/**
 * Changes a task. The owner, admins and managers change anything; anyone else only moves the
 * status of a task given to them or to no one (they tick their work off). Audited.
 */
export async function updateTask(database: Database, tenant: TenantContext, id: string, input: UpdateTaskInput, now: Date): Promise<TaskView> {
  const manager = canManageTasks(tenant.actor);
  const onlyStatus = Object.keys(input).every((key) => key === 'status');
  if (!manager && !onlyStatus) throw mustManage();
  return database.withTenant(tenant.businessId, async (tx) => {
    const current = await repo.findForUpdate(tx, tenant.businessId, id);
    if (!current) throw taskNotFound();
    if (!manager && current.assigneeEmployeeId !== null && current.assigneeEmployeeId !== tenant.employeeSession?.employeeId) {
      throw forbidden('forbidden', 'This task is someone else’s; ask a manager to reassign it');
    }
    if (input.assigneeId !== undefined && input.assigneeId !== current.assigneeEmployeeId) await checkAssignee(tx, tenant.businessId, input.assigneeId);
    const next = {
      title: input.title !== undefined ? input.title.trim() : current.title,
      notes: input.notes !== undefined ? input.notes?.trim() || null : current.notes,
      assigneeEmployeeId: input.assigneeId !== undefined ? input.assigneeId : current.assigneeEmployeeId,
      dueDate: input.dueDate !== undefined ? input.dueDate : current.dueDate,
      status: input.status ?? current.status,
    };
    const changes = Object.fromEntries(
      (Object.keys(next) as (keyof typeof next)[]).filter((key) => next[key] !== current[key]).map((key) => [key, { from: current[key], to: next[key] }]),
    );
    if (Object.keys(changes).length > 0) {
      const completedAt = next.status === 'done' ? (current.status === 'done' ? current.completedAt : now) : null;
      await repo.update(tx, tenant.businessId, id, { ...next, completedAt, updatedAt: now });
      await businessRepository.insertAudit(tx, { businessId: tenant.businessId, ...auditActor(tenant), action: 'task.updated', details: { task_id: id, changes } });
    }
    const today = todayIn(await repo.timeZoneOf(tx, tenant.businessId), now);
    return toTaskView((await repo.findWithAssignee(tx, tenant.businessId, id))!, today);
  });
}

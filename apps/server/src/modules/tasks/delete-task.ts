import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessRepository } from '../business/business.repository.ts';
import { auditActor, requireTaskManager, taskNotFound } from './task-rules.ts';
import { tasksRepository as repo } from './tasks.repository.ts';

/** Deletes a task (owner, admin or manager); the audit log keeps what it was. */
export async function deleteTask(database: Database, tenant: TenantContext, id: string): Promise<void> {
  requireTaskManager(tenant);
  await database.withTenant(tenant.businessId, async (tx) => {
    const current = await repo.findForUpdate(tx, tenant.businessId, id);
    if (!current) throw taskNotFound();
    await repo.remove(tx, tenant.businessId, id);
    await businessRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      ...auditActor(tenant),
      action: 'task.deleted',
      details: { task_id: id, title: current.title, status: current.status, assignee_employee_id: current.assigneeEmployeeId, due_date: current.dueDate },
    });
  });
}

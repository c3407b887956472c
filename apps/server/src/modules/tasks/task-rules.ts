import { canManageTasks } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { tasksRepository as repo } from './tasks.repository.ts';

export const taskNotFound = () => notFound('task_not_found', 'No task has this id');
export const mustManage = () => forbidden('forbidden', 'Only the owner, an admin or a manager can add, assign, edit or delete tasks');

/** Decision 022: the owner, admins and managers hand out work. */
export function requireTaskManager(tenant: TenantContext): void {
  if (!canManageTasks(tenant.actor)) throw mustManage();
}

/** An assignee is an active employee of this business. */
export async function checkAssignee(tx: Tx, businessId: string, employeeId: string | null | undefined): Promise<void> {
  if (!employeeId) return;
  if (!(await repo.findActiveEmployee(tx, businessId, employeeId))) {
    throw new AppError(422, 'assignee_not_found', 'That employee does not exist in this business or is no longer active');
  }
}

export const auditActor = (tenant: TenantContext) => ({ actorUserId: tenant.userId, actorEmployeeId: tenant.employeeSession?.employeeId ?? null });

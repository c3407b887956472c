import { AppError, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';

export const expenseNotFound = () => notFound('expense_not_found', 'No expense has this id');
export const categoryNotFound = () => new AppError(422, 'expense_category_not_found', 'That expense category does not exist in this business');
export const categoryArchived = () => new AppError(422, 'expense_category_archived', 'That expense category was removed from the list; pick another');
export const supplierNotFound = () => new AppError(422, 'supplier_not_found', 'That supplier does not exist in this business');
export const ruleBroken = (field: string, message: string) => new AppError(400, 'validation_error', `${field}: ${message}`, { issues: [{ path: field, message }] });

/** Who to name in audit_log: the account, and the employee when one is signed in. */
export function auditActor(tenant: TenantContext) {
  return { actorUserId: tenant.userId, actorEmployeeId: tenant.employeeSession?.employeeId ?? null };
}

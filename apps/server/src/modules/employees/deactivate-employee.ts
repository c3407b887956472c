import type { Services, TenantContext } from '../../lib/context.ts';
import { employeeSessionsRepository } from '../employee-sessions/employee-sessions.repository.ts';
import { closeOpenShift } from '../time-clock/close-open-shift.ts';
import { assertMayManage, auditActor } from './employee-authority.ts';
import { employeesRepository } from './employees.repository.ts';
import { toEmployeeView, type EmployeeView } from './employee-view.ts';
import { employeeNotFound, ownerProtected } from './update-employee.ts';

/**
 * Kicks an employee: is_active false, every session ended at once (the next request with their
 * token is refused), an open shift closed as at end of shift, and the PIN and any setup code
 * removed so that the PIN is free for someone else. The business_owner row cannot be deactivated.
 */
export async function deactivateEmployee(
  services: Services,
  tenant: TenantContext,
  employeeId: string,
  now: Date,
): Promise<EmployeeView> {
  const { businessId } = tenant;
  const row = await services.database.withTenant(businessId, async (tx) => {
    const current = await employeesRepository.findByIdForUpdate(tx, businessId, employeeId);
    if (!current) throw employeeNotFound();
    if (current.role === 'business_owner') throw ownerProtected('cannot be deactivated');
    assertMayManage(tenant.actor, current);
    const updated = await employeesRepository.update(tx, businessId, current.id, {
      isActive: false,
      pinHash: null,
      failedPinAttempts: 0,
      pinLockedUntil: null,
      setupCodeLookup: null,
      setupCodeExpiresAt: null,
    });
    const endedSessions = await employeeSessionsRepository.endAllSessionsOfEmployee(tx, businessId, current.id, now);
    const closedShift = await closeOpenShift(tx, businessId, current.id, now);
    if (current.isActive) {
      await employeesRepository.insertAudit(tx, {
        businessId,
        ...auditActor(tenant),
        action: 'employee.deactivated',
        details: { employee_id: current.id, full_name: current.fullName, ended_sessions: endedSessions, closed_time_entry_id: closedShift?.id ?? null },
      });
    }
    return updated;
  });
  return toEmployeeView(row, now);
}

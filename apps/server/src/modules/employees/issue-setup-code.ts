import { conflict } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { newSetupCode, type SetupCodeView } from './create-employee.ts';
import { assertMayManage, auditActor } from './employee-authority.ts';
import { employeesRepository } from './employees.repository.ts';
import { employeeNotFound } from './update-employee.ts';

/** A new one-time code for the employee to choose a (new) PIN; any earlier code stops working. */
export async function issueSetupCode(services: Services, tenant: TenantContext, employeeId: string, now: Date): Promise<SetupCodeView> {
  const { businessId } = tenant;
  const setupCode = newSetupCode(services.config.authSecret, now);
  await services.database.withTenant(businessId, async (tx) => {
    const current = await employeesRepository.findByIdForUpdate(tx, businessId, employeeId);
    if (!current) throw employeeNotFound();
    if (!current.isActive) throw conflict('employee_inactive', 'This employee is deactivated');
    assertMayManage(tenant.actor, current);
    await employeesRepository.update(tx, businessId, current.id, setupCode.columns);
    await employeesRepository.insertAudit(tx, {
      businessId,
      ...auditActor(tenant),
      action: 'employee.setup_code_issued',
      details: { employee_id: current.id, expires_at: setupCode.view.expires_at },
    });
  });
  return setupCode.view;
}

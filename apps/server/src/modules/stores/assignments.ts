import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { businessRepository } from '../business/business.repository.ts';
import { employeesRepository } from '../employees/employees.repository.ts';
import { registersRepository } from '../registers/registers.repository.ts';
import { storeNotFound } from './store-errors.ts';
import { storesRepository } from './stores.repository.ts';

const actorOf = (tenant: TenantContext) => ({ actorUserId: tenant.userId, actorEmployeeId: tenant.employeeSession?.employeeId ?? null });

/** The stores an employee works in; empty means every store (decision 044). */
export async function getEmployeeStores(database: Database, businessId: string, employeeId: string): Promise<string[]> {
  return database.withTenant(businessId, async (tx) => {
    if (!(await employeesRepository.findById(tx, businessId, employeeId))) throw notFound('employee_not_found', 'That employee does not exist');
    return storesRepository.employeeStoreIds(tx, businessId, employeeId);
  });
}

export async function assignEmployeeStores(database: Database, tenant: TenantContext, employeeId: string, storeIds: string[]): Promise<string[]> {
  const unique = [...new Set(storeIds)];
  return database.withTenant(tenant.businessId, async (tx) => {
    if (!(await employeesRepository.findByIdForUpdate(tx, tenant.businessId, employeeId))) throw notFound('employee_not_found', 'That employee does not exist');
    if ((await storesRepository.countActiveStores(tx, tenant.businessId, unique)) !== unique.length) {
      throw new AppError(422, 'store_not_found', 'One of the stores does not exist or is closed');
    }
    await storesRepository.setEmployeeStores(tx, tenant.businessId, employeeId, unique);
    await businessRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      ...actorOf(tenant),
      action: 'employee.stores_assigned',
      details: { employee_id: employeeId, store_ids: unique },
    });
    return unique;
  });
}

/** Moves a till to another store: its next sales take that store's stock. */
export async function moveRegister(database: Database, tenant: TenantContext, registerId: string, storeId: string): Promise<{ id: string; storeId: string }> {
  return database.withTenant(tenant.businessId, async (tx) => {
    const store = await storesRepository.findById(tx, tenant.businessId, storeId);
    if (!store) throw storeNotFound();
    if (!store.isActive) throw new AppError(422, 'store_inactive', `${store.name} is closed; reopen it on the stores page first`);
    const moved = await registersRepository.moveToStore(tx, tenant.businessId, registerId, storeId);
    if (!moved) throw notFound('not_found', 'That till does not exist');
    await businessRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      ...actorOf(tenant),
      action: 'register.moved',
      details: { register_id: registerId, store_id: storeId },
    });
    return { id: registerId, storeId };
  });
}

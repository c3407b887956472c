import { hoursToHundredths, repairOrderEditable } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { AppError, badRequest } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { changeRepairOrder } from './repair-order-access.ts';
import { jobNotFound, repairOrderLocked } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

export async function technicianOf(tx: Tx, businessId: string, employeeId: string) {
  const employee = await repo.employee(tx, businessId, employeeId);
  if (!employee || !employee.isActive) throw new AppError(422, 'technician_not_found', 'The technician is not an active employee of this business');
  return employee.id;
}

/**
 * Renames a job (estimates only), assigns its technician, or records the hours actually spent
 * (once work is approved; decimal hours, at most two decimals).
 */
export async function updateJob(
  services: Services,
  tenant: TenantContext,
  orderId: string,
  jobId: string,
  input: { title?: string | undefined; technicianEmployeeId?: string | null | undefined; actualHours?: number | string | null | undefined },
) {
  return changeRepairOrder(services, tenant, orderId, async (tx, order) => {
    const job = await repo.job(tx, tenant.businessId, orderId, jobId);
    if (!job) throw jobNotFound();
    if (order.status === 'invoiced' || order.status === 'paid' || order.status === 'declined') throw repairOrderLocked(order.status);
    const values: { title?: string; technicianEmployeeId?: string | null; actualHundredths?: number | null } = {};
    if (input.title !== undefined) {
      if (!repairOrderEditable(order.status)) throw repairOrderLocked(order.status);
      values.title = input.title.trim();
    }
    if (input.technicianEmployeeId !== undefined) {
      values.technicianEmployeeId = input.technicianEmployeeId === null ? null : await technicianOf(tx, tenant.businessId, input.technicianEmployeeId);
    }
    if (input.actualHours !== undefined) {
      if (input.actualHours === null) values.actualHundredths = null;
      else {
        const hundredths = hoursToHundredths(input.actualHours);
        if (hundredths === null) throw badRequest('invalid_hours', 'Hours are a positive number with at most two decimals (up to 999.99)');
        values.actualHundredths = hundredths;
      }
    }
    if (Object.keys(values).length) await repo.updateJob(tx, tenant.businessId, jobId, values);
  });
}

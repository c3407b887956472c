import { repairOrderEditable } from '@till/core';
import type { Services, TenantContext } from '../../lib/context.ts';
import { changeRepairOrder } from './repair-order-access.ts';
import { technicianOf } from './update-job.ts';
import { repairOrderLocked } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/** Adds a job (e.g. "Replace front brake pads") to an estimate, optionally with its technician. */
export async function addJob(services: Services, tenant: TenantContext, orderId: string, input: { title: string; technicianEmployeeId?: string | null | undefined }) {
  return changeRepairOrder(services, tenant, orderId, async (tx, order) => {
    if (!repairOrderEditable(order.status)) throw repairOrderLocked(order.status);
    const technician = input.technicianEmployeeId ? await technicianOf(tx, tenant.businessId, input.technicianEmployeeId) : null;
    await repo.insertJob(tx, { businessId: tenant.businessId, repairOrderId: orderId, title: input.title.trim(), technicianEmployeeId: technician });
  });
}

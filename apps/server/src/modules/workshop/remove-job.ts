import { repairOrderEditable } from '@till/core';
import type { Services, TenantContext } from '../../lib/context.ts';
import { changeRepairOrder } from './repair-order-access.ts';
import { jobNotFound, repairOrderLocked } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/** Takes a job and its lines off an estimate. */
export async function removeJob(services: Services, tenant: TenantContext, orderId: string, jobId: string) {
  return changeRepairOrder(services, tenant, orderId, async (tx, order) => {
    if (!repairOrderEditable(order.status)) throw repairOrderLocked(order.status);
    if (!(await repo.deleteJob(tx, tenant.businessId, orderId, jobId))) throw jobNotFound();
  });
}

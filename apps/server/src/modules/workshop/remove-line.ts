import { repairOrderEditable } from '@till/core';
import type { Services, TenantContext } from '../../lib/context.ts';
import { changeRepairOrder } from './repair-order-access.ts';
import { lineNotFound, repairOrderLocked } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

export async function removeLine(services: Services, tenant: TenantContext, orderId: string, lineId: string) {
  return changeRepairOrder(services, tenant, orderId, async (tx, order) => {
    if (!repairOrderEditable(order.status)) throw repairOrderLocked(order.status);
    if (!(await repo.deleteLine(tx, tenant.businessId, orderId, lineId))) throw lineNotFound();
  });
}

import { repairOrderEditable } from '@till/core';
import type { Services, TenantContext } from '../../lib/context.ts';
import { changeRepairOrder } from './repair-order-access.ts';
import { repairOrderLocked } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/** Changes the customer's concerns (estimates only). */
export async function updateRepairOrder(services: Services, tenant: TenantContext, id: string, input: { concerns: string }) {
  return changeRepairOrder(services, tenant, id, async (tx, order) => {
    if (!repairOrderEditable(order.status)) throw repairOrderLocked(order.status);
    await repo.updateOrder(tx, tenant.businessId, id, { concerns: input.concerns.trim() });
  });
}

import { inspectionEditable, REPAIR_ORDER_STATUS_LABELS, type InspectionCondition } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { changeRepairOrder } from './repair-order-access.ts';
import { pointNotFound } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/** Marks an inspection point green, yellow or red (or clears it) with notes. */
export async function updateInspectionPoint(
  services: Services,
  tenant: TenantContext,
  orderId: string,
  pointId: string,
  input: { condition?: InspectionCondition | null | undefined; notes?: string | null | undefined },
) {
  return changeRepairOrder(services, tenant, orderId, async (tx, order) => {
    if (!inspectionEditable(order.status)) {
      throw new AppError(409, 'repair_order_locked', `The inspection cannot change while the repair order is ${REPAIR_ORDER_STATUS_LABELS[order.status].toLowerCase()}`);
    }
    const values: { condition?: InspectionCondition | null; notes?: string | null } = {};
    if (input.condition !== undefined) values.condition = input.condition;
    if (input.notes !== undefined) values.notes = input.notes?.trim() || null;
    if (Object.keys(values).length === 0) return;
    if (!(await repo.updatePoint(tx, tenant.businessId, orderId, pointId, values))) throw pointNotFound();
  });
}

import { canMoveRepairOrder, type RepairOrderStatus } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { changeRepairOrder } from './repair-order-access.ts';
import { actorOf, illegalTransition } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/**
 * The shop moves a repair order by hand (core canMoveRepairOrder; anything else is 409).
 * Approving by hand (an answer given by phone or at the counter) approves every job still pending;
 * back to estimate resets the answers so the estimate can be changed and sent again.
 */
export async function moveRepairOrder(services: Services, tenant: TenantContext, id: string, to: RepairOrderStatus, now: Date) {
  const { businessId } = tenant;
  return changeRepairOrder(services, tenant, id, async (tx, order) => {
    if (!canMoveRepairOrder(order.status, to)) throw illegalTransition(order.status, to);
    const jobs = await repo.jobsOf(tx, businessId, [id]);
    if (to === 'approved') {
      await repo.approvePending(tx, businessId, id);
      if (!jobs.some((job) => job.approval !== 'declined')) throw new AppError(409, 'no_jobs_to_approve', 'Add a job before approving the repair order');
    }
    if (to === 'estimate') await repo.setApprovals(tx, businessId, id, 'pending');
    await repo.updateOrder(tx, businessId, id, { status: to, statusChangedAt: now });
    await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'repair_order.status_changed', details: { repair_order_id: id, from: order.status, to } });
  });
}

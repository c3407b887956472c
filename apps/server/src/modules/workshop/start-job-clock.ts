import { realtimeTopic } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { isUniqueViolation } from '../../lib/pg-errors.ts';
import { publishAfterCommit } from '../../realtime/publish.ts';
import { requireEmployeeSession } from '../employee-sessions/require-employee-session.ts';
import { changeRepairOrder } from './repair-order-access.ts';
import { actorOf, jobNotFound } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

const clockRunning = (details: { job_id: string; repair_order_id: string }) =>
  new AppError(409, 'clock_already_running', 'You already have a clock running on another job; stop it first', details);

/**
 * A technician starts their clock on an approved job (decision 038), as themselves: the employee
 * session is who clocks. One running clock per technician (409 otherwise; a partial unique index
 * keeps it under concurrency). Starting on an approved order starts the work (in progress).
 */
export async function startJobClock(services: Services, tenant: TenantContext, orderId: string, jobId: string, now: Date) {
  const { businessId } = tenant;
  try {
    return await changeRepairOrder(services, tenant, orderId, async (tx, order) => {
      const job = await repo.job(tx, businessId, orderId, jobId);
      if (!job) throw jobNotFound();
      // Who clocks is the PIN-signed-in technician, never an account alone.
      const employee = requireEmployeeSession(tenant);
      if ((order.status !== 'approved' && order.status !== 'in_progress') || job.approval !== 'approved') {
        throw new AppError(409, 'job_not_clockable', 'Clock time only on an approved job of a repair order that is approved or in progress');
      }
      const running = await repo.runningClockOf(tx, businessId, employee.employeeId);
      if (running) throw clockRunning({ job_id: running.jobId, repair_order_id: running.repairOrderId });
      await repo.insertClock(tx, { businessId, repairOrderId: orderId, jobId, employeeId: employee.employeeId, startedAt: now });
      if (order.status === 'approved') await repo.updateOrder(tx, businessId, orderId, { status: 'in_progress', statusChangedAt: now });
      await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'repair_order.clock_started', details: { repair_order_id: orderId, job_id: jobId } });
      publishAfterCommit(tx, businessId, realtimeTopic.business(businessId), 'workshop.repair_order', { repair_order_id: orderId, status: 'in_progress', change: 'clock_started' });
    });
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    // Two starts at once: the index let one in.
    throw clockRunning({ job_id: jobId, repair_order_id: orderId });
  }
}

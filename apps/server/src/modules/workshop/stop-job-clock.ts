import { addClockedHours, clockedHundredths, realtimeTopic } from '@till/core';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { publishAfterCommit } from '../../realtime/publish.ts';
import { requireEmployeeSession } from '../employee-sessions/require-employee-session.ts';
import { changeRepairOrder } from './repair-order-access.ts';
import { actorOf, jobNotFound } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/** The technician stops their clock on this job: the time (core clockedHundredths) is added to the job's actual hours. */
export async function stopJobClock(services: Services, tenant: TenantContext, orderId: string, jobId: string, now: Date) {
  const { businessId } = tenant;
  return changeRepairOrder(services, tenant, orderId, async (tx, order) => {
    const job = await repo.job(tx, businessId, orderId, jobId);
    if (!job) throw jobNotFound();
    const employee = requireEmployeeSession(tenant);
    const running = await repo.runningClockOf(tx, businessId, employee.employeeId);
    if (!running || running.jobId !== jobId) throw new AppError(409, 'no_running_clock', 'You have no clock running on this job');
    const hundredths = clockedHundredths(running.startedAt, now);
    await repo.stopClock(tx, businessId, running.id, now, hundredths);
    await repo.updateJob(tx, businessId, jobId, { actualHundredths: addClockedHours(job.actualHundredths, hundredths) });
    await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'repair_order.clock_stopped', details: { repair_order_id: orderId, job_id: jobId, hundredths } });
    publishAfterCommit(tx, businessId, realtimeTopic.business(businessId), 'workshop.repair_order', { repair_order_id: orderId, status: order.status, change: 'clock_stopped' });
  });
}

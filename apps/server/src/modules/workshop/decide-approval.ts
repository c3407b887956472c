import { realtimeTopic } from '@till/core';
import { badRequest } from '../../lib/app-error.ts';
import type { Services } from '../../lib/context.ts';
import { publishAfterCommit } from '../../realtime/publish.ts';
import { withApproval } from './approval-lookup.ts';
import type { ApprovalSnapshot } from './send-for-approval.ts';
import { storeBoardSummary } from './repair-order-view.ts';
import { approvalDecided, approvalExpired, approvalReplaced } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

export interface ApprovalAnswer {
  name: string;
  jobs: { jobId: string; decision: 'approved' | 'declined' }[];
}

/**
 * The customer approves or declines each job and signs with their name. The answer, its time, the
 * caller's address and (already) what they were shown are kept and never changed: a second
 * answer is 409 (the conditional update and the table's trigger both refuse it). The repair
 * order becomes approved when any job is, else declined; the shop's screens hear of it at once.
 */
export async function decideApproval(services: Services, token: string, answer: ApprovalAnswer, ipAddress: string | null, now: Date) {
  return withApproval(services, token, async (tx, { businessId, approval }) => {
    if (approval.decidedAt) throw approvalDecided();
    if (approval.expiresAt.getTime() <= now.getTime()) throw approvalExpired();
    const order = await repo.order(tx, businessId, approval.repairOrderId, true);
    const latest = await repo.latestApproval(tx, businessId, approval.repairOrderId);
    if (!order || order.status !== 'waiting_for_approval' || latest?.id !== approval.id) throw approvalReplaced();
    const shown = (approval.snapshot as ApprovalSnapshot).jobs.map((job) => job.id);
    const answered = new Map(answer.jobs.map((job) => [job.jobId, job.decision]));
    if (answered.size !== answer.jobs.length || shown.length !== answered.size || shown.some((id) => !answered.has(id))) {
      throw badRequest('answer_every_job', 'Approve or decline every job of the estimate, once each');
    }
    const decisions = shown.map((id) => ({ job_id: id, decision: answered.get(id)! }));
    const decided = await repo.decideApproval(tx, businessId, approval.id, { decidedAt: now, customerName: answer.name.trim(), ipAddress, decisions });
    if (!decided) throw approvalDecided();
    const approved = decisions.filter((entry) => entry.decision === 'approved').map((entry) => entry.job_id);
    const declined = decisions.filter((entry) => entry.decision === 'declined').map((entry) => entry.job_id);
    if (approved.length) await repo.setApprovals(tx, businessId, order.id, 'approved', approved);
    if (declined.length) await repo.setApprovals(tx, businessId, order.id, 'declined', declined);
    const status = approved.length > 0 ? ('approved' as const) : ('declined' as const);
    await storeBoardSummary(tx, businessId, order.id, { status, statusChangedAt: now });
    await repo.insertAudit(tx, {
      businessId,
      actorUserId: null,
      actorEmployeeId: null,
      action: 'repair_order.customer_answered',
      details: { repair_order_id: order.id, approval_id: approval.id, approved: approved.length, declined: declined.length, customer_name: answer.name.trim() },
    });
    publishAfterCommit(tx, businessId, realtimeTopic.business(businessId), 'workshop.repair_order', { repair_order_id: order.id, status, change: 'customer_answered' });
    return { decision: { decided_at: now.toISOString(), customer_name: answer.name.trim(), jobs: decisions }, status };
  });
}

import type { Services } from '../../lib/context.ts';
import { withApproval } from './approval-lookup.ts';
import type { ApprovalSnapshot } from './send-for-approval.ts';
import { approvalExpired, approvalReplaced } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/**
 * The public approval page's content: what was frozen when the link was sent and, once answered,
 * the answer. An expired or replaced link that was never answered is 410.
 */
export async function readApproval(services: Services, token: string, now: Date) {
  return withApproval(services, token, async (tx, { businessId, approval }) => {
    if (!approval.decidedAt) {
      if (approval.expiresAt.getTime() <= now.getTime()) throw approvalExpired();
      const latest = await repo.latestApproval(tx, businessId, approval.repairOrderId);
      const order = await repo.order(tx, businessId, approval.repairOrderId);
      if (latest?.id !== approval.id || order?.status !== 'waiting_for_approval') throw approvalReplaced();
    }
    return {
      estimate: approval.snapshot as ApprovalSnapshot,
      expires_at: approval.expiresAt.toISOString(),
      decision: approval.decidedAt
        ? { decided_at: approval.decidedAt.toISOString(), customer_name: approval.customerName!, jobs: approval.decisions ?? [] }
        : null,
    };
  });
}

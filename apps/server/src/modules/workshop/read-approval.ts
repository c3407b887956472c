import type { Services } from '../../lib/context.ts';
import { withApproval } from './approval-lookup.ts';
import { inspectionPhotoSigner } from './inspection-photo-url.ts';
import type { ApprovalSnapshot } from './send-for-approval.ts';
import { approvalExpired, approvalReplaced } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/**
 * The public approval page's content: what was frozen when the link was sent and, once answered,
 * the answer, each inspection photo as a signed URL. An expired or replaced link that was never answered is 410.
 */
export async function readApproval(services: Services, token: string, now: Date) {
  return withApproval(services, token, async (tx, { businessId, approval }) => {
    if (!approval.decidedAt) {
      if (approval.expiresAt.getTime() <= now.getTime()) throw approvalExpired();
      const latest = await repo.latestApproval(tx, businessId, approval.repairOrderId);
      const order = await repo.order(tx, businessId, approval.repairOrderId);
      if (latest?.id !== approval.id || order?.status !== 'waiting_for_approval') throw approvalReplaced();
    }
    const snapshot = approval.snapshot as ApprovalSnapshot;
    // Photos are signed now, for this link's business only (an hour or so); estimates sent before photos existed have none.
    const signPhoto = inspectionPhotoSigner(services, businessId);
    // Estimates sent before several photos per point (decision 041) froze one `photo` name or none.
    const inspection = snapshot.inspection.map((entry) => {
      const { photos, photo, ...point } = entry as typeof entry & { photo?: string | null; photos?: string[] };
      return { ...point, photos: (photos ?? (photo ? [photo] : [])).map((name) => ({ url: signPhoto(name) })) };
    });
    return {
      estimate: { ...snapshot, inspection },
      expires_at: approval.expiresAt.toISOString(),
      decision: approval.decidedAt
        ? { decided_at: approval.decidedAt.toISOString(), customer_name: approval.customerName!, jobs: approval.decisions ?? [] }
        : null,
    };
  });
}

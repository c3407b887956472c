import type { Tx } from '../../db/client.ts';
import type { Services } from '../../lib/context.ts';
import { verifyApprovalToken } from './approval-token.ts';
import { approvalNotFound } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/**
 * The approval a public link names, read inside its own business only: the signed claim says
 * which business, so a link never reaches another business's rows (row-level security fences
 * the transaction to that business).
 */
export async function withApproval<T>(services: Services, token: string, work: (tx: Tx, context: { businessId: string; approval: NonNullable<Awaited<ReturnType<typeof repo.approval>>> }) => Promise<T>) {
  const claim = verifyApprovalToken(services.config.authSecret, token);
  if (!claim) throw approvalNotFound();
  return services.database.withTenant(claim.businessId, async (tx) => {
    const approval = await repo.approval(tx, claim.businessId, claim.approvalId, true);
    if (!approval || Math.floor(approval.expiresAt.getTime() / 1000) !== claim.expires) throw approvalNotFound();
    return work(tx, { businessId: claim.businessId, approval });
  });
}

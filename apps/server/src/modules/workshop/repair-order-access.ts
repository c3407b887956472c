import type { Tx } from '../../db/client.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { approvalPath } from './approval-token.ts';
import { readRepairOrder } from './repair-order-view.ts';
import { repairOrderNotFound } from './workshop-errors.ts';
import { workshopRepository as repo, type RepairOrderRow } from './workshop.repository.ts';

/** The approval link's path for an approval of this business (recomputed: the token is never stored). */
export const approvalUrlOf = (services: Pick<Services, 'config'>, businessId: string) => (approvalId: string, expiresAt: Date) =>
  approvalPath(services.config.authSecret, { businessId, approvalId, expires: Math.floor(expiresAt.getTime() / 1000) });

/**
 * One change to a repair order: the order row locked for the transaction (two screens cannot
 * interleave), the work, then the whole order read back, priced, for the answer.
 */
export async function changeRepairOrder(services: Services, tenant: TenantContext, id: string, work: (tx: Tx, order: RepairOrderRow) => Promise<void>) {
  const { businessId } = tenant;
  return services.database.withTenant(businessId, async (tx) => {
    const order = await repo.order(tx, businessId, id, true);
    if (!order) throw repairOrderNotFound();
    await work(tx, order);
    await repo.updateOrder(tx, businessId, id, {});
    return { repair_order: await readRepairOrder(tx, businessId, id, approvalUrlOf(services, businessId)) };
  });
}

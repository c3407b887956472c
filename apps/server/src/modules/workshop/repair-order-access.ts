import { MoneyError } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Services, TenantContext } from '../../lib/context.ts';
import { approvalPath } from './approval-token.ts';
import { inspectionPhotoSigner } from './inspection-photo-url.ts';
import { readRepairOrder, storeBoardSummary } from './repair-order-view.ts';
import { repairOrderNotFound } from './workshop-errors.ts';
import { workshopRepository as repo, type RepairOrderRow } from './workshop.repository.ts';

/** The approval link's path for an approval of this business (recomputed: the token is never stored). */
export const approvalUrlOf = (services: Pick<Services, 'config'>, businessId: string) => (approvalId: string, expiresAt: Date) =>
  approvalPath(services.config.authSecret, { businessId, approvalId, expires: Math.floor(expiresAt.getTime() / 1000) });

/**
 * One change to a repair order: the order row locked for the transaction (two screens cannot
 * interleave), the work, then the whole order read back, priced, for the answer. A change whose
 * amounts no longer fit (core MoneyError) is 400 and rolled back, so every stored order prices.
 */
export async function changeRepairOrder(services: Services, tenant: TenantContext, id: string, work: (tx: Tx, order: RepairOrderRow) => Promise<void>) {
  const { businessId } = tenant;
  return services.database.withTenant(businessId, async (tx) => {
    const order = await repo.order(tx, businessId, id, true);
    if (!order) throw repairOrderNotFound();
    try {
      await work(tx, order);
      await storeBoardSummary(tx, businessId, id);
      return { repair_order: await readRepairOrder(tx, businessId, id, approvalUrlOf(services, businessId), inspectionPhotoSigner(services, businessId)) };
    } catch (error) {
      // An amount past what money can hold: the transaction rolls back, nothing is kept.
      if (error instanceof MoneyError) throw new AppError(400, 'amount_too_large', `The repair order's amounts would be too large: ${error.message}`);
      throw error;
    }
  });
}

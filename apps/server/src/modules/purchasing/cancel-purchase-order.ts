import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf, orderNotFound } from './purchasing-errors.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';
import { readPurchaseOrder } from './read-purchase-order.ts';
import { ensureTransition } from './transition-errors.ts';

/** draft or sent → cancelled (409 once goods arrived, or when already final). Audited. */
export async function cancelPurchaseOrder(database: Database, tenant: TenantContext, id: string, now: Date) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const order = await repo.findOrder(tx, tenant.businessId, id, true);
    if (!order) throw orderNotFound();
    ensureTransition(order, 'cancel');
    await repo.updateOrder(tx, tenant.businessId, id, { status: 'cancelled', cancelledAt: now });
    await repo.insertAudits(tx, [{ businessId: tenant.businessId, ...actorOf(tenant), action: 'purchase_order.cancelled', details: { purchase_order_id: id, number: order.number } }]);
    return readPurchaseOrder(tx, tenant.businessId, id);
  });
}

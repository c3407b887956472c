import type { Database } from '../../db/client.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import type { TenantContext } from '../../lib/context.ts';
import { requireAccess } from '../../lib/require-access.ts';
import { businessRepository } from '../business/business.repository.ts';
import { publishChangeAfterCommit } from '../../realtime/publish.ts';
import { cashSessionsRepository } from '../cash-sessions/cash-sessions.repository.ts';
import { ordersRepository as repo } from './orders.repository.ts';

/**
 * Voids a parked (unpaid) sale. A paid sale is refunded, never voided, so the day's takings and
 * the order numbers stay intact. Audited with the reason.
 */
export async function voidOrder(database: Database, tenant: TenantContext, input: { orderId: string; reason: string }) {
  requireAccess(tenant, { feature: 'pos_system', employeeFeature: 'pos' });
  await database.withTenant(tenant.businessId, async (tx) => {
    const order = await repo.findOrder(tx, tenant.businessId, input.orderId, true);
    if (!order) throw notFound('order_not_found', 'No order has this id');
    if (order.status !== 'parked') {
      throw new AppError(409, 'not_voidable', order.status === 'voided' ? 'This sale is already voided' : 'A paid sale is refunded, not voided');
    }
    // Issue 12: a void counts in the drawer session open on the register where it is made.
    const drawerSession = tenant.registerId ? await cashSessionsRepository.findOpenSession(tx, tenant.businessId, tenant.registerId, 'share') : null;
    await repo.updateOrder(tx, tenant.businessId, order.id, { status: 'voided', cashSessionId: drawerSession?.id ?? null });
    publishChangeAfterCommit(tx, tenant.businessId, 'orders', 'UPDATE', order.id);
    const actor = {
      actorUserId: tenant.userId,
      actorEmployeeId: tenant.employeeSession?.employeeId ?? null,
    };
    await repo.insertEvent(tx, {
      businessId: tenant.businessId,
      orderId: order.id,
      type: 'voided',
      ...actor,
      actorName: tenant.employeeSession?.employeeName ?? 'Business owner',
      details: { reason: input.reason },
    });
    await businessRepository.insertAudit(tx, {
      businessId: tenant.businessId,
      ...actor,
      action: 'order.voided',
      details: { order_id: order.id, total: order.total, reason: input.reason },
    });
  });
}

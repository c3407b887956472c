import { realtimeTopic } from '@till/core';
import type { Tx } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { publishAfterCommit } from '../../realtime/publish.ts';
import { actorOf } from './workshop-errors.ts';
import { workshopRepository as repo } from './workshop.repository.ts';

/**
 * In the transaction that settled an invoice in full (decision 038): the invoiced repair order it
 * bills, if any, becomes paid, and the board hears of it after commit.
 */
export async function markRepairOrderPaid(tx: Tx, tenant: TenantContext, invoiceId: string, now: Date): Promise<void> {
  const { businessId } = tenant;
  const order = await repo.invoicedOrderOf(tx, businessId, invoiceId);
  if (!order || order.status !== 'invoiced') return;
  await repo.updateOrder(tx, businessId, order.id, { status: 'paid', statusChangedAt: now });
  await repo.insertAudit(tx, { businessId, ...actorOf(tenant), action: 'repair_order.status_changed', details: { repair_order_id: order.id, from: 'invoiced', to: 'paid', invoice_id: invoiceId } });
  publishAfterCommit(tx, businessId, realtimeTopic.business(businessId), 'workshop.repair_order', { repair_order_id: order.id, status: 'paid', change: 'paid' });
}

import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { buildOrderLines } from './order-lines.ts';
import { actorOf, orderNotFound } from './purchasing-errors.ts';
import type { OrderLineInput } from './purchasing-input.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';
import { readPurchaseOrder } from './read-purchase-order.ts';
import { ensureTransition } from './transition-errors.ts';

export interface UpdatePurchaseOrderInput {
  expectedDate?: string | null | undefined;
  notes?: string | null | undefined;
  /** Replaces every line. */
  lines?: OrderLineInput[] | undefined;
}

/** Edits a draft (409 once sent). Audited. */
export async function updatePurchaseOrder(database: Database, tenant: TenantContext, id: string, input: UpdatePurchaseOrderInput) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const order = await repo.findOrder(tx, tenant.businessId, id, true);
    if (!order) throw orderNotFound();
    ensureTransition(order, 'edit');
    await repo.updateOrder(tx, tenant.businessId, id, {
      ...(input.expectedDate !== undefined ? { expectedDate: input.expectedDate } : {}),
      ...(input.notes !== undefined ? { notes: input.notes?.trim() || null } : {}),
    });
    if (input.lines) await repo.replaceLines(tx, id, await buildOrderLines(tx, tenant.businessId, order.supplierId, id, input.lines));
    await repo.insertAudits(tx, [{ businessId: tenant.businessId, ...actorOf(tenant), action: 'purchase_order.updated', details: { purchase_order_id: id, fields: Object.keys(input) } }]);
    return readPurchaseOrder(tx, tenant.businessId, id);
  });
}

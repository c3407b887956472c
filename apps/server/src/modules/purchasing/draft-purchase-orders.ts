import { purchaseOrderLabel } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { buildOrderLines } from './order-lines.ts';
import { actorOf, supplierNotFound } from './purchasing-errors.ts';
import type { OrderLineInput } from './purchasing-input.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';

export interface DraftPurchaseOrderInput {
  supplierId: string;
  lines: OrderLineInput[];
}

/**
 * Several draft purchase orders at once, all or none (one transaction): for other modules that
 * work out what to order (the stock forecast's "Create draft purchase orders"). Each order gets
 * the next gap-free number and is audited as purchase_order.created with its `source`.
 */
export async function draftPurchaseOrders(database: Database, tenant: TenantContext, orders: DraftPurchaseOrderInput[], source: string) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const drafted: { id: string; number: number; label: string; supplierId: string; supplierName: string; lineCount: number }[] = [];
    for (const input of orders) {
      const supplier = await repo.findSupplier(tx, tenant.businessId, input.supplierId);
      if (!supplier) throw supplierNotFound();
      if (!supplier.isActive) throw new AppError(409, 'supplier_archived', `${supplier.name} is archived; restore the supplier to order from them`);
      const number = await repo.nextOrderNumber(tx, tenant.businessId);
      const order = await repo.insertOrder(tx, { businessId: tenant.businessId, number, supplierId: supplier.id, expectedDate: null, notes: null });
      await repo.replaceLines(tx, order.id, await buildOrderLines(tx, tenant.businessId, supplier.id, order.id, input.lines));
      drafted.push({ id: order.id, number, label: purchaseOrderLabel(number), supplierId: supplier.id, supplierName: supplier.name, lineCount: input.lines.length });
    }
    if (drafted.length > 0) {
      await repo.insertAudits(
        tx,
        drafted.map((order) => ({
          businessId: tenant.businessId,
          ...actorOf(tenant),
          action: 'purchase_order.created',
          details: { purchase_order_id: order.id, number: order.number, supplier_id: order.supplierId, source },
        })),
      );
    }
    return drafted;
  });
}

import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { AppError } from '../../lib/app-error.ts';
import { buildOrderLines } from './order-lines.ts';
import { actorOf, supplierNotFound } from './purchasing-errors.ts';
import type { OrderLineInput } from './purchasing-input.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';
import { readPurchaseOrder } from './read-purchase-order.ts';

export interface CreatePurchaseOrderInput {
  supplierId: string;
  expectedDate?: string | null | undefined;
  notes?: string | null | undefined;
  lines: OrderLineInput[];
}

/** A draft purchase order with the business's next number (gap-free: taken in this transaction). Audited. */
export async function createPurchaseOrder(database: Database, tenant: TenantContext, input: CreatePurchaseOrderInput) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const supplier = await repo.findSupplier(tx, tenant.businessId, input.supplierId);
    if (!supplier) throw supplierNotFound();
    if (!supplier.isActive) throw new AppError(409, 'supplier_archived', `${supplier.name} is archived; restore the supplier to order from them`);
    const number = await repo.nextOrderNumber(tx, tenant.businessId);
    const order = await repo.insertOrder(tx, {
      businessId: tenant.businessId,
      number,
      supplierId: supplier.id,
      expectedDate: input.expectedDate ?? null,
      notes: input.notes?.trim() || null,
    });
    await repo.replaceLines(tx, order.id, await buildOrderLines(tx, tenant.businessId, supplier.id, order.id, input.lines));
    await repo.insertAudits(tx, [{ businessId: tenant.businessId, ...actorOf(tenant), action: 'purchase_order.created', details: { purchase_order_id: order.id, number, supplier_id: supplier.id } }]);
    return readPurchaseOrder(tx, tenant.businessId, order.id);
  });
}

import { purchaseOrderLabel, reorderUnits } from '@till/core';
import type { Database } from '../../db/client.ts';
import type { TenantContext } from '../../lib/context.ts';
import { actorOf } from './purchasing-errors.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';

/**
 * "Reorder": one draft purchase order per supplier for the tracked, active products at or below
 * their reorder point (else low-stock threshold) that no open order already covers. Each product
 * goes to its cheapest supplier by last cost (then the one linked first), at its reorder quantity
 * in whole packs (core's reorderUnits) and the supplier's last cost, else the product's cost.
 * Products no active supplier supplies are named in `withoutSupplier`.
 */
export async function draftReorders(database: Database, tenant: TenantContext) {
  return database.withTenant(tenant.businessId, async (tx) => {
    const rows = await repo.reorderCandidates(tx, tenant.businessId);
    const chosen = new Map<string, (typeof rows)[number]>();
    for (const row of rows) if (!chosen.has(row.productId)) chosen.set(row.productId, row);
    const bySupplier = new Map<string, (typeof rows)[number][]>();
    const withoutSupplier: { productId: string; name: string }[] = [];
    for (const row of chosen.values()) {
      if (!row.supplierId) {
        withoutSupplier.push({ productId: row.productId, name: row.name });
        continue;
      }
      bySupplier.set(row.supplierId, [...(bySupplier.get(row.supplierId) ?? []), row]);
    }
    const drafted: { id: string; number: number; label: string; supplierId: string; lineCount: number }[] = [];
    for (const [supplierId, items] of bySupplier) {
      const number = await repo.nextOrderNumber(tx, tenant.businessId);
      const order = await repo.insertOrder(tx, { businessId: tenant.businessId, number, supplierId, notes: null });
      await repo.replaceLines(
        tx,
        order.id,
        items.map((item, position) => {
          const packSize = item.packSize ?? 1;
          return {
            businessId: tenant.businessId,
            purchaseOrderId: order.id,
            position,
            productId: item.productId,
            packSize,
            quantityOrdered: reorderUnits({ stockQuantity: item.stockQuantity, reorderPoint: item.reorderPoint, reorderQuantity: item.reorderQuantity }, packSize),
            unitCost: item.lastCost ?? item.cost ?? 0,
            taxRateBp: 0,
          };
        }),
      );
      drafted.push({ id: order.id, number, label: purchaseOrderLabel(number), supplierId, lineCount: items.length });
    }
    if (drafted.length > 0) {
      await repo.insertAudits(tx, [
        { businessId: tenant.businessId, ...actorOf(tenant), action: 'purchase_order.reorder_drafted', details: { purchase_order_ids: drafted.map((order) => order.id) } },
      ]);
    }
    return { purchaseOrders: drafted, withoutSupplier };
  });
}

import type { StockMovementReason } from '@till/core';
import type { Database } from '../../db/client.ts';
import { productNotFound } from './get-product.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { productsRepository } from './products.repository.ts';

export interface StockMovementView {
  id: string;
  quantity_delta: number;
  reason: StockMovementReason;
  note: string | null;
  order_id: string | null;
  /** The employee who made it; null for the owner's account or the system. */
  actor_name: string | null;
  actor_employee_id: string | null;
  /** Stock after this movement (the ledger's running sum). */
  balance_after: number;
  created_at: string;
}

/** A product's stock ledger, newest first, a page at a time. */
export async function listStockMovements(
  database: Database,
  businessId: string,
  productId: string,
  page: { limit: number; cursor?: string | undefined },
): Promise<{ movements: StockMovementView[]; next_cursor: string | null }> {
  const after = page.cursor ? decodeCursor(page.cursor) : null;
  return database.withTenant(businessId, async (tx) => {
    if (!(await productsRepository.findListed(tx, businessId, productId))) throw productNotFound();
    const rows = await productsRepository.listMovements(tx, businessId, productId, {
      limit: page.limit + 1,
      after: after ? { createdAt: after.key, id: after.id } : null,
    });
    const shown = rows.slice(0, page.limit);
    const last = shown.at(-1);
    return {
      movements: shown.map((row) => ({
        id: row.id,
        quantity_delta: row.quantityDelta,
        reason: row.reason,
        note: row.note,
        order_id: row.orderId,
        actor_name: row.actorName,
        actor_employee_id: row.actorEmployeeId,
        balance_after: row.balanceAfter,
        created_at: new Date(row.createdAt).toISOString(),
      })),
      next_cursor: rows.length > page.limit && last ? encodeCursor(last.createdAtKey, last.id) : null,
    };
  });
}

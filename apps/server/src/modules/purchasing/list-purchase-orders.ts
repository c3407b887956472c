import { purchaseOrderLabel } from '@till/core';
import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';

/** Purchase orders, newest number first, optionally of one status or supplier; a page at a time (the cursor is the last number shown). */
export async function listPurchaseOrders(database: Database, businessId: string, input: { status?: string | undefined; supplierId?: string | undefined; limit: number; cursor?: string | undefined }) {
  let beforeNumber: number | null = null;
  if (input.cursor !== undefined) {
    if (!/^[1-9][0-9]{0,8}$/.test(input.cursor)) throw badRequest('invalid_cursor', 'The cursor is not one this list returned');
    beforeNumber = Number(input.cursor);
  }
  const [rows, business] = await database.withTenant(businessId, async (tx) => [
    await repo.listOrders(tx, businessId, { status: input.status, supplierId: input.supplierId, limit: input.limit + 1, beforeNumber }),
    await repo.businessOf(tx, businessId),
  ] as const);
  const page = rows.slice(0, input.limit);
  return {
    purchaseOrders: page.map((row) => ({
      id: row.order.id,
      number: row.order.number,
      label: purchaseOrderLabel(row.order.number),
      status: row.order.status,
      supplier: { id: row.order.supplierId, name: row.supplierName },
      expectedDate: row.order.expectedDate,
      lineCount: row.lineCount,
      net: row.total,
      currency: business.currency,
      createdAt: row.order.createdAt.toISOString(),
      sentAt: row.order.sentAt?.toISOString() ?? null,
    })),
    nextCursor: rows.length > input.limit ? String(page.at(-1)!.order.number) : null,
  };
}

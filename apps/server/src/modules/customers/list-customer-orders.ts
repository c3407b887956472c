import type { Tx } from '../../db/client.ts';
import { customersRepository as repo } from './customers.repository.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';

const MICROS = /^-?\d{1,19}$/;

/** One page of a customer's purchase history, newest first, on the request's transaction. */
export async function customerOrdersPage(tx: Tx, businessId: string, customerId: string, page: { limit: number; cursor?: string | undefined }) {
  const after = page.cursor ? decodeCursor(page.cursor, (key) => MICROS.test(key)) : null;
  const rows = await repo.orderHistory(tx, businessId, customerId, {
    limit: page.limit + 1,
    after: after && { createdAtMicros: after.key, id: after.id },
  });
  const shown = rows.slice(0, page.limit);
  const last = shown.at(-1);
  return {
    orders: shown.map((row) => ({
      id: row.id,
      number: row.number,
      status: row.status,
      currency: row.currency,
      total: row.total,
      refunded_total: row.refundedTotal,
      item_count: row.itemCount,
      created_at: row.createdAt.toISOString(),
      paid_at: row.paidAt?.toISOString() ?? null,
    })),
    next_cursor: rows.length > page.limit && last ? encodeCursor(last.createdAtMicros, last.id) : null,
  };
}

import type { Database } from '../../db/client.ts';
import { badRequest } from '../../lib/app-error.ts';
import { ordersRepository as repo, type OrderListFilter } from './orders.repository.ts';

export interface ListOrdersInput extends Omit<OrderListFilter, 'after' | 'limit'> {
  cursor?: string | undefined;
  limit: number;
}

const encodeCursor = (row: { createdAt: Date; id: string }) =>
  Buffer.from(JSON.stringify([row.createdAt.toISOString(), row.id])).toString('base64url');

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const date = new Date(createdAt);
    if (Number.isNaN(date.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) throw new Error('bad cursor');
    return { createdAt: date, id };
  } catch {
    throw badRequest('invalid_cursor', 'The cursor is not one this server gave out');
  }
}

/** Newest first, keyset-paged so that pages neither repeat nor skip orders while sales come in. */
export async function listOrders(database: Database, businessId: string, input: ListOrdersInput) {
  const { cursor, ...filter } = input;
  const rows = await database.withTenant(businessId, (tx) =>
    repo.listOrders(tx, businessId, { ...filter, after: cursor ? decodeCursor(cursor) : undefined }),
  );
  const page = rows.slice(0, input.limit);
  return {
    orders: page.map((row) => ({
      id: row.id,
      number: row.number,
      status: row.status,
      total: row.total,
      refunded_total: row.refundedTotal,
      currency: row.currency,
      created_at: row.createdAt.toISOString(),
      paid_at: row.paidAt?.toISOString() ?? null,
      employee_id: row.employeeId,
      customer_id: row.customerId,
      customer_name: row.customerName,
      store_id: row.storeId,
      employee_name: row.employeeName,
      item_count: row.itemCount,
      methods: row.methods ?? [],
    })),
    next_cursor: rows.length > input.limit ? encodeCursor(page[page.length - 1]!) : null,
  };
}

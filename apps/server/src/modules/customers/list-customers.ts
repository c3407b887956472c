import type { Database } from '../../db/client.ts';
import { customersRepository as repo } from './customers.repository.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { toCustomerListItem } from './customer-view.ts';

/** Customers by name, searched by name, email or phone, a page at a time, with what each has spent. */
export async function listCustomers(database: Database, input: { businessId: string; q?: string | undefined; tag?: string[] | undefined; limit: number; cursor?: string | undefined }) {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await database.withTenant(input.businessId, (tx) =>
    repo.search(tx, input.businessId, { q: input.q, tags: input.tag, limit: input.limit + 1, after: after && { sortKey: after.key, id: after.id } }),
  );
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    customers: page.map((row) => toCustomerListItem(row.customer, row)),
    next_cursor: rows.length > input.limit && last ? encodeCursor(last.sortKey, last.customer.id) : null,
  };
}

/** The tags in use among the business's customers, for the list's filter (decision 065, 066). */
export async function listCustomerTags(database: Database, businessId: string): Promise<{ tags: string[] }> {
  return { tags: await database.withTenant(businessId, (tx) => repo.tags(tx, businessId, 500)) };
}

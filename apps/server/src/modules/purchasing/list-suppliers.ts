import type { Database } from '../../db/client.ts';
import { decodeCursor, encodeCursor } from './cursor.ts';
import { purchasingRepository as repo } from './purchasing.repository.ts';
import { toSupplierView } from './purchasing-views.ts';

/** Suppliers by name (archived ones only when asked), searched by name, contact or e-mail, a page at a time. */
export async function listSuppliers(database: Database, businessId: string, input: { q?: string | undefined; includeArchived: boolean; limit: number; cursor?: string | undefined }) {
  const after = input.cursor ? decodeCursor(input.cursor) : null;
  const rows = await database.withTenant(businessId, (tx) => repo.searchSuppliers(tx, businessId, { q: input.q, includeArchived: input.includeArchived, limit: input.limit + 1, after }));
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    suppliers: page.map((row) => ({ ...toSupplierView(row.supplier), productCount: row.productCount })),
    nextCursor: rows.length > input.limit && last ? encodeCursor(last.sortKey, last.supplier.id) : null,
  };
}

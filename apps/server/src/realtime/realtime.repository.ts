import { and, eq, lt, sql } from 'drizzle-orm';
import type { Database, Db } from '../db/client.ts';
import { orders, realtimeMessages } from '../db/schema/index.ts';

/** The realtime layer's SQL: notifications, large messages, watched rows, channel checks. */
export const realtimeRepository = {
  /** One round trip for any number of notifications, sent in order. */
  async notify(db: Db, channel: string, payloads: string[]): Promise<void> {
    await db.execute(
      sql`select pg_notify(${channel}, m.payload) from jsonb_array_elements_text(${JSON.stringify(payloads)}::jsonb) with ordinality as m(payload, n) order by m.n`,
    );
  },

  async storeLargeMessage(db: Db, businessId: string, message: unknown): Promise<string> {
    const [row] = await db.insert(realtimeMessages).values({ businessId, message }).returning({ id: realtimeMessages.id });
    return row!.id;
  },

  /** Read by every process outside any tenant: the message names its business itself. */
  async readLargeMessage(db: Db, id: string): Promise<unknown> {
    const [row] = await db.select({ message: realtimeMessages.message }).from(realtimeMessages).where(eq(realtimeMessages.id, id));
    return row?.message ?? null;
  },

  async sweepLargeMessages(db: Db, before: Date): Promise<void> {
    await db.delete(realtimeMessages).where(lt(realtimeMessages.createdAt, before));
  },

  /**
   * Rows of a watched table as PostgreSQL writes them as JSON (column names, ISO times), read
   * under the business's row-level security. `table` comes from the whitelist, never a client.
   */
  async loadRows(database: Database, businessId: string, table: string, ids: string[]): Promise<Map<string, Record<string, unknown>>> {
    const result = await database.withTenant(businessId, (tx) =>
      tx.execute(
        sql`select t.id::text as id, to_jsonb(t) as row from ${sql.identifier(table)} t where t.business_id = ${businessId} and t.id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`,
      ),
    );
    const rows = (result as unknown as { rows: { id: string; row: Record<string, unknown> | string }[] }).rows;
    const found = new Map<string, Record<string, unknown>>();
    for (const row of rows) found.set(row.id, typeof row.row === 'string' ? JSON.parse(row.row) : row.row);
    return found;
  },

  async orderExists(database: Database, businessId: string, orderId: string): Promise<boolean> {
    const rows = await database.withTenant(businessId, (tx) =>
      tx.select({ id: orders.id }).from(orders).where(and(eq(orders.businessId, businessId), eq(orders.id, orderId))).limit(1),
    );
    return rows.length === 1;
  },
};

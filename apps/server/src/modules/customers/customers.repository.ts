import { and, asc, desc, eq, getTableName, inArray, ne, or, sql, type Column, type SQL, type Table } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { businesses, customers, orderLines, orders } from '../../db/schema/index.ts';

/** Orders that count as a visit and as money spent: paid, whether or not refunded since. */
export const COUNTED_STATUSES = ['paid', 'partially_refunded', 'refunded'] as const;

export type CustomerRow = typeof customers.$inferSelect;

/** LIKE pattern matching `text` anywhere, with its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/** Timestamps leave SQL as epoch milliseconds: drivers disagree on how they hand back a bare timestamptz. */
const epochMillis = (value: SQL) => sql<number | null>`round(extract(epoch from ${value}) * 1000)::float8`;
const toDate = (millis: number | string | null | undefined) => (millis === null || millis === undefined ? null : new Date(Number(millis)));

/**
 * A column of the outer query, for a correlated subquery. Drizzle prints columns bare in the
 * select list of a one-table query, and a bare "id" inside the subquery would mean the inner
 * table's id.
 */
const outer = (table: Table, column: Column) => sql`${sql.identifier(getTableName(table))}.${sql.identifier(column.name)}`;

/** A customer's counted orders, correlated with the customers row of the outer query. */
const countedOrdersOfRow = and(
  sql`${orders.businessId} = ${outer(customers, customers.businessId)}`,
  sql`${orders.customerId} = ${outer(customers, customers.id)}`,
  inArray(orders.status, [...COUNTED_STATUSES]),
);

/** What a customer has bought: visits, money (refunds taken off) and the last visit. */
const statsColumns = {
  orderCount: sql<number>`(select count(*)::int from ${orders} where ${countedOrdersOfRow})`.mapWith(Number),
  totalSpent: sql<number>`(select coalesce(sum(${orders.total} - ${orders.refundedTotal}), 0)::bigint from ${orders} where ${countedOrdersOfRow})`.mapWith(Number),
  lastVisitAtMillis: sql<number | null>`(select ${epochMillis(sql`max(coalesce(${orders.paidAt}, ${orders.createdAt}))`)} from ${orders} where ${countedOrdersOfRow})`,
};

export interface CustomerSearch {
  q: string | undefined;
  tags?: string[] | undefined;
  limit: number;
  after: { sortKey: string; id: string } | null;
}

export interface OrderHistoryPage {
  limit: number;
  /** Keyset: created_at in microseconds since the epoch (exact, unlike a JS Date), then id. */
  after: { createdAtMicros: string; id: string } | null;
}

export const customersRepository = {
  /** Customers by name (case-insensitive), matching `q` in name, email or phone, with their totals. */
  async search(tx: Tx, businessId: string, search: CustomerSearch) {
    const conditions: (SQL | undefined)[] = [eq(customers.businessId, businessId)];
    const q = search.q?.trim();
    if (q) {
      const pattern = containing(q.toLowerCase());
      const digits = q.replace(/\D/g, '');
      conditions.push(
        or(
          sql`lower(${customers.name}) like ${pattern}`,
          sql`lower(${customers.email}) like ${pattern}`,
          sql`lower(${customers.phone}) like ${pattern}`,
          // "555 0100" finds "(555) 010-0"-style numbers however they were typed.
          digits.length >= 3 ? sql`regexp_replace(${customers.phone}, '[^0-9]', '', 'g') like ${containing(digits)}` : undefined,
        ),
      );
    }
    // Any of the tags (decision 065): an array overlap the customers_tags GIN index serves.
    if (search.tags?.length) conditions.push(sql`${customers.tags} && array[${sql.join(search.tags.map((tag) => sql`${tag}`), sql`, `)}]::text[]`);
    if (search.after) {
      conditions.push(sql`(lower(${customers.name}), ${customers.id}) > (${search.after.sortKey}, ${search.after.id}::uuid)`);
    }
    return tx
      .select({
        customer: customers,
        sortKey: sql<string>`lower(${customers.name})`,
        ...statsColumns,
      })
      .from(customers)
      .where(and(...conditions))
      .orderBy(sql`lower(${customers.name})`, asc(customers.id))
      .limit(search.limit)
      .then((rows) => rows.map(({ lastVisitAtMillis, ...row }) => ({ ...row, lastVisitAt: toDate(lastVisitAtMillis) })));
  },

  /** The tags the business's customers carry (decision 065), each once, sorted; at most `limit`. */
  async tags(tx: Tx, businessId: string, limit: number): Promise<string[]> {
    const rows = await tx
      .selectDistinct({ tag: sql<string>`unnest(${customers.tags})`.as('tag') })
      .from(customers)
      .where(eq(customers.businessId, businessId))
      .orderBy(sql`1`)
      .limit(limit);
    return rows.map((row) => row.tag);
  },

  async findById(tx: Tx, businessId: string, id: string, lock = false) {
    const query = tx
      .select()
      .from(customers)
      .where(and(eq(customers.businessId, businessId), eq(customers.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** Another customer of the business with this email, compared case-insensitively. */
  async findByEmail(tx: Tx, businessId: string, email: string, exceptId: string | null) {
    const [row] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(
        and(
          eq(customers.businessId, businessId),
          sql`lower(${customers.email}) = ${email.toLowerCase()}`,
          exceptId ? ne(customers.id, exceptId) : undefined,
        ),
      )
      .limit(1);
    return row ?? null;
  },

  /**
   * Serialises writers of one email address in one business until the transaction ends, so two
   * tills adding the same customer at once cannot both pass the duplicate check.
   */
  async lockEmail(tx: Tx, businessId: string, email: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${businessId}), hashtext(${`customer-email:${email.toLowerCase()}`}))`);
  },

  async insert(tx: Tx, values: typeof customers.$inferInsert) {
    const [row] = await tx.insert(customers).values(values).returning();
    return row!;
  },

  async update(tx: Tx, businessId: string, id: string, values: Partial<typeof customers.$inferInsert>) {
    const [row] = await tx
      .update(customers)
      .set(values)
      .where(and(eq(customers.businessId, businessId), eq(customers.id, id)))
      .returning();
    return row ?? null;
  },

  async totals(tx: Tx, businessId: string, customerId: string) {
    const counted = and(eq(orders.businessId, businessId), eq(orders.customerId, customerId), inArray(orders.status, [...COUNTED_STATUSES]));
    const [row] = await tx
      .select({
        orderCount: sql<number>`count(*)::int`.mapWith(Number),
        totalSpent: sql<number>`coalesce(sum(${orders.total} - ${orders.refundedTotal}), 0)::bigint`.mapWith(Number),
        firstVisitAtMillis: epochMillis(sql`min(coalesce(${orders.paidAt}, ${orders.createdAt}))`),
        lastVisitAtMillis: epochMillis(sql`max(coalesce(${orders.paidAt}, ${orders.createdAt}))`),
      })
      .from(orders)
      .where(counted);
    const [business] = await tx.select({ currency: businesses.currency }).from(businesses).where(eq(businesses.id, businessId));
    return {
      orderCount: row?.orderCount ?? 0,
      totalSpent: row?.totalSpent ?? 0,
      firstVisitAt: toDate(row?.firstVisitAtMillis),
      lastVisitAt: toDate(row?.lastVisitAtMillis),
      currency: business?.currency ?? 'USD',
    };
  },

  /** The customer's orders, newest first; parked carts are not purchases yet and are left out. */
  async orderHistory(tx: Tx, businessId: string, customerId: string, page: OrderHistoryPage) {
    const conditions: (SQL | undefined)[] = [eq(orders.businessId, businessId), eq(orders.customerId, customerId), ne(orders.status, 'parked')];
    if (page.after) {
      conditions.push(
        sql`(${orders.createdAt}, ${orders.id}) < ('epoch'::timestamptz + ${page.after.createdAtMicros}::bigint * interval '1 microsecond', ${page.after.id}::uuid)`,
      );
    }
    return tx
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        currency: orders.currency,
        total: orders.total,
        refundedTotal: orders.refundedTotal,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        itemCount: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${outer(orders, orders.id)})`.mapWith(Number),
        createdAtMicros: sql<string>`(extract(epoch from ${orders.createdAt}) * 1000000)::bigint::text`,
      })
      .from(orders)
      .where(and(...conditions))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(page.limit);
  },
};

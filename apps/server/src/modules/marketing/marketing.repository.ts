import { and, desc, eq, inArray, isNotNull, isNull, sql, type SQL } from 'drizzle-orm';
import type { SegmentBounds, SegmentRules } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { businesses, customers, marketingCampaigns, marketingRecipients, marketingSegments, orders } from '../../db/schema/index.ts';
import { COUNTED_STATUSES } from '../customers/customers.repository.ts';

export type SegmentRow = typeof marketingSegments.$inferSelect;
export type CampaignRow = typeof marketingCampaigns.$inferSelect;

/** Timestamps leave SQL as epoch milliseconds: drivers disagree on how they hand back a bare timestamptz. */
const epochMillis = (value: SQL) => sql<number | null>`round(extract(epoch from ${value}) * 1000)::float8`;
const toDate = (millis: number | string | null | undefined) => (millis === null || millis === undefined ? null : new Date(Number(millis)));
const instant = (value: Date) => sql`${value.toISOString()}::timestamptz`;
/** A text[] literal of bound parameters (drizzle spreads a bare array into a list). */
const textArray = (values: readonly string[]) => sql`array[${sql.join(values.map((value) => sql`${value}`), sql`, `)}]::text[]`;

/** A customer's paid orders (refunded ones too) added up: the customers screen's visits and spend. */
function customerStats(tx: Tx, businessId: string) {
  return tx
    .select({
      customerId: orders.customerId,
      orderCount: sql<number>`count(*)::int`.as('order_count'),
      totalSpent: sql<number>`sum(${orders.total} - ${orders.refundedTotal})::bigint`.as('total_spent'),
      lastVisit: sql<Date>`max(coalesce(${orders.paidAt}, ${orders.createdAt}))`.as('last_visit'),
    })
    .from(orders)
    .where(and(eq(orders.businessId, businessId), isNotNull(orders.customerId), inArray(orders.status, [...COUNTED_STATUSES])))
    .groupBy(orders.customerId)
    .as('stats');
}
type Stats = ReturnType<typeof customerStats>;

/** The segment's bounds as SQL over customers joined with their stats (core's matchesSegment, in SQL). */
function segmentConditions(stats: Stats, bounds: SegmentBounds): (SQL | undefined)[] {
  const spent = sql`coalesce(${stats.totalSpent}, 0)`;
  const visits = sql`coalesce(${stats.orderCount}, 0)`;
  return [
    bounds.minSpent !== null ? sql`${spent} >= ${bounds.minSpent}` : undefined,
    bounds.maxSpent !== null ? sql`${spent} <= ${bounds.maxSpent}` : undefined,
    bounds.minVisits !== null ? sql`${visits} >= ${bounds.minVisits}` : undefined,
    bounds.maxVisits !== null ? sql`${visits} <= ${bounds.maxVisits}` : undefined,
    bounds.lastVisitFrom !== null ? sql`${stats.lastVisit} >= ${instant(bounds.lastVisitFrom)}` : undefined,
    bounds.lastVisitBefore !== null ? sql`${stats.lastVisit} < ${instant(bounds.lastVisitBefore)}` : undefined,
    // Overlap: the customer has at least one of the tags (the customers_tags GIN index serves it).
    bounds.anyTags !== null ? sql`${customers.tags} && ${textArray(bounds.anyTags)}` : undefined,
  ];
}

/** Customers a campaign may write to: an e-mail address and not unsubscribed. */
const reachable = and(isNotNull(customers.email), sql`${customers.email} <> ''`, isNull(customers.marketingUnsubscribedAt));

export const marketingRepository = {
  async currency(tx: Tx, businessId: string) {
    const [row] = await tx.select({ currency: businesses.currency, name: businesses.name }).from(businesses).where(eq(businesses.id, businessId));
    return { currency: row?.currency ?? 'USD', name: row?.name ?? '' };
  },

  /** How many customers the segment holds, and how many of them a campaign would reach. */
  async segmentCounts(tx: Tx, businessId: string, bounds: SegmentBounds) {
    const stats = customerStats(tx, businessId);
    const [row] = await tx
      .select({
        count: sql<number>`count(*)::int`.mapWith(Number),
        reachable: sql<number>`(count(*) filter (where ${reachable}))::int`.mapWith(Number),
      })
      .from(customers)
      .leftJoin(stats, eq(stats.customerId, customers.id))
      .where(and(eq(customers.businessId, businessId), ...segmentConditions(stats, bounds)));
    return { count: row?.count ?? 0, reachable: row?.reachable ?? 0 };
  },

  /** The segment's biggest spenders first. */
  async segmentPreview(tx: Tx, businessId: string, bounds: SegmentBounds, limit: number) {
    const stats = customerStats(tx, businessId);
    const rows = await tx
      .select({
        id: customers.id,
        name: customers.name,
        email: customers.email,
        unsubscribedAtMillis: epochMillis(sql`${customers.marketingUnsubscribedAt}`),
        orderCount: sql<number>`coalesce(${stats.orderCount}, 0)::int`.mapWith(Number),
        totalSpent: sql<number>`coalesce(${stats.totalSpent}, 0)::bigint`.mapWith(Number),
        lastVisitMillis: epochMillis(sql`${stats.lastVisit}`),
      })
      .from(customers)
      .leftJoin(stats, eq(stats.customerId, customers.id))
      .where(and(eq(customers.businessId, businessId), ...segmentConditions(stats, bounds)))
      .orderBy(sql`coalesce(${stats.totalSpent}, 0) desc`, sql`lower(${customers.name})`, customers.id)
      .limit(limit);
    return rows.map(({ unsubscribedAtMillis, lastVisitMillis, ...row }) => ({ ...row, unsubscribedAt: toDate(unsubscribedAtMillis), lastVisitAt: toDate(lastVisitMillis) }));
  },

  /** Everyone in the segment a campaign may write to. */
  async reachableCustomers(tx: Tx, businessId: string, bounds: SegmentBounds) {
    const stats = customerStats(tx, businessId);
    return tx
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .leftJoin(stats, eq(stats.customerId, customers.id))
      .where(and(eq(customers.businessId, businessId), reachable, ...segmentConditions(stats, bounds)))
      .orderBy(customers.id)
      .then((rows) => rows.map((row) => ({ id: row.id, email: row.email! })));
  },

  async insertSegment(tx: Tx, values: { businessId: string; name: string; rules: SegmentRules }) {
    const [row] = await tx.insert(marketingSegments).values(values).returning();
    return row!;
  },

  async segments(tx: Tx, businessId: string) {
    return tx.select().from(marketingSegments).where(eq(marketingSegments.businessId, businessId)).orderBy(desc(marketingSegments.createdAt), desc(marketingSegments.id));
  },

  async segment(tx: Tx, businessId: string, id: string) {
    const [row] = await tx
      .select()
      .from(marketingSegments)
      .where(and(eq(marketingSegments.businessId, businessId), eq(marketingSegments.id, id)));
    return row ?? null;
  },

  async deleteSegment(tx: Tx, businessId: string, id: string) {
    const rows = await tx
      .delete(marketingSegments)
      .where(and(eq(marketingSegments.businessId, businessId), eq(marketingSegments.id, id)))
      .returning({ id: marketingSegments.id });
    return rows.length > 0;
  },

  async insertCampaign(tx: Tx, values: typeof marketingCampaigns.$inferInsert) {
    const [row] = await tx.insert(marketingCampaigns).values(values).returning();
    return row!;
  },

  async campaign(tx: Tx, businessId: string, id: string, lock = false) {
    const query = tx
      .select()
      .from(marketingCampaigns)
      .where(and(eq(marketingCampaigns.businessId, businessId), eq(marketingCampaigns.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async campaigns(tx: Tx, businessId: string, limit: number) {
    return tx.select().from(marketingCampaigns).where(eq(marketingCampaigns.businessId, businessId)).orderBy(desc(marketingCampaigns.createdAt), desc(marketingCampaigns.id)).limit(limit);
  },

  async markSent(tx: Tx, businessId: string, id: string, values: { sendKey: string; sentAt: Date }) {
    await tx
      .update(marketingCampaigns)
      .set({ status: 'sent', ...values })
      .where(and(eq(marketingCampaigns.businessId, businessId), eq(marketingCampaigns.id, id)));
  },

  async insertRecipients(tx: Tx, rows: (typeof marketingRecipients.$inferInsert)[]) {
    const inserted: { id: string; customerId: string; email: string }[] = [];
    for (let start = 0; start < rows.length; start += 1000) {
      inserted.push(
        ...(await tx
          .insert(marketingRecipients)
          .values(rows.slice(start, start + 1000))
          .returning({ id: marketingRecipients.id, customerId: marketingRecipients.customerId, email: marketingRecipients.email })),
      );
    }
    return inserted;
  },

  /**
   * A campaign's results: sends, clicks of the tracked link, customers who unsubscribed since, and
   * the recipients' paid orders in the attribution window (refunds taken off).
   */
  async results(tx: Tx, businessId: string, campaignId: string, window: { from: Date; until: Date } | null) {
    const recipientsOf = and(eq(marketingRecipients.businessId, businessId), eq(marketingRecipients.campaignId, campaignId));
    const [sent] = await tx
      .select({
        sends: sql<number>`count(*)::int`.mapWith(Number),
        clicks: sql<number>`coalesce(sum(${marketingRecipients.clicks}), 0)::int`.mapWith(Number),
        clickedRecipients: sql<number>`(count(*) filter (where ${marketingRecipients.clicks} > 0))::int`.mapWith(Number),
      })
      .from(marketingRecipients)
      .where(recipientsOf);
    let unsubscribes = 0;
    let attributedOrders = 0;
    let attributedRevenue = 0;
    if (window) {
      const [unsubscribed] = await tx
        .select({ count: sql<number>`count(*)::int`.mapWith(Number) })
        .from(marketingRecipients)
        .innerJoin(customers, eq(customers.id, marketingRecipients.customerId))
        .where(and(recipientsOf, sql`${customers.marketingUnsubscribedAt} >= ${instant(window.from)}`));
      unsubscribes = unsubscribed?.count ?? 0;
      const [sales] = await tx
        .select({
          orders: sql<number>`count(*)::int`.mapWith(Number),
          revenue: sql<number>`coalesce(sum(${orders.total} - ${orders.refundedTotal}), 0)::bigint`.mapWith(Number),
        })
        .from(orders)
        .where(
          and(
            eq(orders.businessId, businessId),
            inArray(orders.status, [...COUNTED_STATUSES]),
            sql`${orders.customerId} in (select ${marketingRecipients.customerId} from ${marketingRecipients} where ${recipientsOf})`,
            sql`coalesce(${orders.paidAt}, ${orders.createdAt}) >= ${instant(window.from)}`,
            sql`coalesce(${orders.paidAt}, ${orders.createdAt}) < ${instant(window.until)}`,
          ),
        );
      attributedOrders = sales?.orders ?? 0;
      attributedRevenue = sales?.revenue ?? 0;
    }
    return { sends: sent?.sends ?? 0, clicks: sent?.clicks ?? 0, clickedRecipients: sent?.clickedRecipients ?? 0, unsubscribes, attributedOrders, attributedRevenue };
  },

  /** Counts one click of a recipient's tracked link; answers where it leads (null: no such recipient). */
  async recordClick(tx: Tx, businessId: string, recipientId: string, now: Date) {
    const [row] = await tx
      .update(marketingRecipients)
      .set({ clicks: sql`${marketingRecipients.clicks} + 1`, firstClickedAt: sql`coalesce(${marketingRecipients.firstClickedAt}, ${instant(now)})` })
      .where(and(eq(marketingRecipients.businessId, businessId), eq(marketingRecipients.id, recipientId)))
      .returning({ campaignId: marketingRecipients.campaignId });
    if (!row) return null;
    const [campaign] = await tx
      .select({ linkUrl: marketingCampaigns.linkUrl })
      .from(marketingCampaigns)
      .where(and(eq(marketingCampaigns.businessId, businessId), eq(marketingCampaigns.id, row.campaignId)));
    return { linkUrl: campaign?.linkUrl ?? null };
  },

  /** Unsubscribes the customer (the first time is kept); null when there is no such customer. */
  async unsubscribe(tx: Tx, businessId: string, customerId: string, now: Date) {
    const [row] = await tx
      .update(customers)
      .set({ marketingUnsubscribedAt: sql`coalesce(${customers.marketingUnsubscribedAt}, ${instant(now)})` })
      .where(and(eq(customers.businessId, businessId), eq(customers.id, customerId)))
      .returning({ id: customers.id });
    return row ?? null;
  },
};

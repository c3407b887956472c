import { safeTimeZone } from '@till/core';
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { aiTrainingJobs } from '../../db/schema/index.ts';

/**
 * The AI modules' reads (issue 15 item 4). Like the analytics tabs, a sale counts on the local
 * day it was paid and a refund on the local day it was made, cut at midnight in the business's
 * time zone; sums leave SQL as float8 and days as 'YYYY-MM-DD' text.
 */

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const num = (value: unknown) => (value === null || value === undefined ? 0 : Number(value));
const localDay = (column: SQL, timeZone: string) => sql`to_char((${column} at time zone ${timeZone})::date, 'YYYY-MM-DD')`;
/** The instant local day `day` starts. */
const dayStart = (day: string, timeZone: string) => sql`(${day}::date::timestamp at time zone ${timeZone})`;

export interface StockProductRow {
  productId: string;
  name: string;
  sku: string | null;
  onHand: number;
  onOrder: number;
  reorderPoint: number | null;
  reorderQuantity: number | null;
  supplierId: string | null;
  supplierName: string | null;
  leadTimeDays: number | null;
  packSize: number | null;
}

export const aiModulesRepository = {
  /** Currency, time zone and the local "today" of the business (null when it is not set up). */
  async findBusiness(tx: Tx, businessId: string) {
    const [row] = rowsOf<{ currency: string; time_zone: string }>(
      await tx.execute(sql`select currency, time_zone from businesses where id = ${businessId}`),
    );
    if (!row) return null;
    const timeZone = safeTimeZone(row.time_zone);
    const [today] = rowsOf<{ today: string }>(await tx.execute(sql`select ${localDay(sql`now()`, timeZone)} as today`));
    return { currency: row.currency, timeZone, today: String(today!.today) };
  },

  /**
   * What the cached models were computed from: a sale, a refund, a stock movement or a purchase
   * order changes it, so a cached result is reused only while the data behind it is unchanged.
   */
  async fingerprint(tx: Tx, businessId: string): Promise<string> {
    const [row] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select (select count(*)::text || '/' || coalesce(max(paid_at)::text, '') from orders where business_id = ${businessId} and paid_at is not null) as orders,
               (select count(*)::text || '/' || coalesce(max(created_at)::text, '') from refunds where business_id = ${businessId}) as refunds,
               (select count(*)::text || '/' || coalesce(sum(stock_quantity), 0)::text || '/' || coalesce(max(updated_at)::text, '') from products where business_id = ${businessId}) as products,
               (select count(*)::text || '/' || coalesce(max(updated_at)::text, '') from purchase_orders where business_id = ${businessId}) as purchase_orders,
               (select count(*)::text || '/' || coalesce(max(updated_at)::text, '') from supplier_products where business_id = ${businessId}) as supplier_products,
               (select count(*)::text || '/' || coalesce(max(updated_at)::text, '') from suppliers where business_id = ${businessId}) as suppliers`),
    );
    return Object.values(row ?? {}).map(String).join('|');
  },

  /**
   * Net sales (before tax, after discounts) less refunds per local day, days `from`..`to`; days
   * without either are absent. From the daily rollup (decision 043: sold and refunded net per local
   * day and hour, kept by triggers in each sale's own transaction): a year is at most 8,784 rows of
   * the primary key, not every order of the year (decision 061).
   */
  async dailyNetSalesFromRollup(tx: Tx, businessId: string, from: string, to: string) {
    const rows = rowsOf<{ day: string; net: unknown }>(
      await tx.execute(sql`
        select to_char(day, 'YYYY-MM-DD') as day, sum(sold_net - refund_net)::float8 as net
          from insight_daily_sales
         where business_id = ${businessId} and day >= ${from}::date and day <= ${to}::date
         group by day order by day`),
    );
    return rows.map((row) => ({ date: String(row.day), value: num(row.net) }));
  },

  /**
   * Units per tracked, active product and local day, days `from`..`to`, from the daily product
   * rollup (decision 043): units sold less units given back, each on its own day, floored at 0
   * (a day with only a return is no demand). One row per product and day, not per order line.
   */
  async productDailyUnitsFromRollup(tx: Tx, businessId: string, from: string, to: string) {
    // One text value for the page, "product:day:units,…" (day as days after `from`): tens of
    // thousands of rows as rows cost far more to hand over than as one string (decision 072).
    const [row] = rowsOf<{ units: string | null }>(
      await tx.execute(sql`
        select string_agg(t.product_id::text || ':' || (t.day - ${from}::date)::text || ':' || t.units::text, ',') as units
          from (select d.product_id, d.day, sum(d.units)::float8 as units
                  from insight_daily_products d
                  join products p on p.id = d.product_id and p.business_id = d.business_id
                 where d.business_id = ${businessId} and d.day >= ${from}::date and d.day <= ${to}::date and p.track_stock and p.is_active
                 group by 1, 2
                having sum(d.units) > 0) t`),
    );
    const text = row?.units ?? '';
    return text === ''
      ? []
      : text.split(',').map((entry) => {
          const [productId, day, units] = entry.split(':');
          return { productId: productId!, dayAfterFrom: Number(day), units: Number(units) };
        });
  },

  /**
   * Each known customer's visits, days `from`..`to`, from the daily customer rollup (decision 054):
   * one row per customer and local day of payment with the day's orders' net after all of their
   * refunds — the footpath counts a visit per day, and sums what was spent.
   */
  async customerDaysFromRollup(tx: Tx, businessId: string, from: string, to: string) {
    const rows = rowsOf<{ customer_id: string; day: string; net: unknown }>(
      await tx.execute(sql`
        select customer_id, to_char(day, 'YYYY-MM-DD') as day, net::float8 as net
          from insight_daily_customers
         where business_id = ${businessId} and day >= ${from}::date and day <= ${to}::date
           and customer_id <> '00000000-0000-0000-0000-000000000000'::uuid and orders > 0`),
    );
    return rows.map((row) => ({ customerId: String(row.customer_id), date: String(row.day), amount: Math.max(0, num(row.net)) }));
  },

  /** The first local day with a paid sale, or null. */
  async firstSaleDay(tx: Tx, businessId: string, timeZone: string): Promise<string | null> {
    const [row] = rowsOf<{ day: string | null }>(
      await tx.execute(sql`select ${localDay(sql`min(paid_at)`, timeZone)} as day from orders where business_id = ${businessId} and paid_at is not null`),
    );
    return row?.day ? String(row.day) : null;
  },

  /**
   * Tracked, active products with their stock, what open purchase orders still bring, their
   * reorder settings and the supplier they would be ordered from: the cheapest active supplier
   * by last cost (then the one linked first), as the purchasing "Reorder" picks.
   */
  async stockProducts(tx: Tx, businessId: string, page?: { after: string | null; limit: number }): Promise<StockProductRow[]> {
    // Read in keyset pages of ids when training (each read short), otherwise all in name order.
    const only = page ? sql`and (${page.after}::uuid is null or p.id > ${page.after}::uuid)` : sql``;
    const order = page ? sql`order by p.id limit ${page.limit}` : sql`order by lower(p.name), p.id`;
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select p.id, p.name, p.sku, p.stock_quantity, p.reorder_point, p.reorder_quantity,
               (select coalesce(sum(greatest(pl.quantity_ordered - pl.quantity_received, 0)), 0)::float8
                  from purchase_order_lines pl join purchase_orders po on po.id = pl.purchase_order_id and po.business_id = pl.business_id
                 where pl.business_id = p.business_id and pl.product_id = p.id and po.status in ('draft', 'sent', 'partly_received')) as on_order,
               s.id as supplier_id, s.name as supplier_name, s.lead_time_days, sp.pack_size
          from products p
          left join lateral (
            select sp.supplier_id, sp.pack_size from supplier_products sp
              join suppliers s2 on s2.id = sp.supplier_id and s2.business_id = sp.business_id and s2.is_active
             where sp.business_id = p.business_id and sp.product_id = p.id
             order by sp.last_cost asc nulls last, sp.created_at asc limit 1
          ) sp on true
          left join suppliers s on s.id = sp.supplier_id and s.business_id = p.business_id
         where p.business_id = ${businessId} and p.is_active and p.track_stock ${only}
         ${order}`),
    );
    return rows.map((row) => ({
      productId: String(row.id),
      name: String(row.name),
      sku: row.sku === null || row.sku === undefined ? null : String(row.sku),
      onHand: num(row.stock_quantity),
      onOrder: num(row.on_order),
      reorderPoint: row.reorder_point === null ? null : num(row.reorder_point),
      reorderQuantity: row.reorder_quantity === null ? null : num(row.reorder_quantity),
      supplierId: row.supplier_id === null ? null : String(row.supplier_id),
      supplierName: row.supplier_name === null ? null : String(row.supplier_name),
      leadTimeDays: row.lead_time_days === null ? null : num(row.lead_time_days),
      packSize: row.pack_size === null ? null : num(row.pack_size),
    }));
  },

  /** The distinct products of each paid order paid on local days `from`..`to` (or since `from`), a basket each. */
  async baskets(tx: Tx, businessId: string, timeZone: string, from: string, to?: string): Promise<string[][]> {
    const until = to === undefined ? sql`` : sql`and o.paid_at < ((${to}::date + 1)::timestamp at time zone ${timeZone})`;
    // One text value for the page, "product,product;product,…" (a basket per paid order, its
    // distinct products): a row per line cost most of the training's time at 10,000 products (decision 072).
    const [row] = rowsOf<{ baskets: string | null }>(
      await tx.execute(sql`
        select string_agg(b.items, ';') as baskets
          from (select string_agg(distinct l.product_id::text, ',') as items
                  from orders o
                  cross join lateral (select l.product_id from order_lines l where l.order_id = o.id and l.business_id = o.business_id and l.product_id is not null offset 0) l
                 where o.business_id = ${businessId}
                   and o.paid_at is not null and o.paid_at >= ${dayStart(from, timeZone)} ${until}
                 group by o.id) b`),
    );
    const text = row?.baskets ?? '';
    return text === '' ? [] : text.split(';').map((basket) => basket.split(','));
  },

  /** Product names by id (any product of the business, archived too), with the price and tax rate the till adds them at. */
  async productNames(tx: Tx, businessId: string, ids: readonly string[]) {
    type Named = { name: string; price: number; isActive: boolean; taxRateBasisPoints: number };
    if (ids.length === 0) return new Map<string, Named>();
    const rows = rowsOf<{ id: string; name: string; price: unknown; is_active: boolean; basis_points: unknown }>(
      await tx.execute(sql`select p.id, p.name, p.price, p.is_active, t.basis_points
                             from products p left join tax_rates t on t.business_id = p.business_id and t.id = p.tax_rate_id
                            where p.business_id = ${businessId} and p.id in (${sql.join(
                              ids.map((id) => sql`${id}::uuid`),
                              sql`, `,
                            )})`),
    );
    return new Map<string, Named>(
      rows.map((row) => [String(row.id), { name: String(row.name), price: num(row.price), isActive: Boolean(row.is_active), taxRateBasisPoints: num(row.basis_points) }]),
    );
  },

  async customerNames(tx: Tx, businessId: string, ids: readonly string[]) {
    if (ids.length === 0) return new Map<string, string>();
    const rows = rowsOf<{ id: string; name: string }>(
      await tx.execute(sql`select id, name from customers where business_id = ${businessId} and id in (${sql.join(
        ids.map((id) => sql`${id}::uuid`),
        sql`, `,
      )})`),
    );
    return new Map(rows.map((row) => [String(row.id), String(row.name)]));
  },

  // --- training jobs (decision 042) ------------------------------------------------------------

  /** Serialises the train requests of one business (any process) for the rest of the transaction. */
  async lockTraining(tx: Tx, businessId: string) {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`ai_training:${businessId}`}))`);
  },

  /** The business's queued or running job, locked. */
  async activeJob(tx: Tx, businessId: string) {
    const [row] = await tx
      .select()
      .from(aiTrainingJobs)
      .where(and(eq(aiTrainingJobs.businessId, businessId), inArray(aiTrainingJobs.status, ['queued', 'running'])))
      .for('update');
    return row ?? null;
  },

  async insertJob(tx: Tx, businessId: string) {
    const [row] = await tx.insert(aiTrainingJobs).values({ businessId, trigger: 'request', status: 'queued' }).returning();
    return row!;
  },

  /**
   * Every business with its time zone, stored features and the latest night it has a nightly job
   * for: read across businesses on the server's own connection (as the low-stock digests), each
   * night then queued in the business's own fenced transaction.
   */
  async nightlyCandidates(db: Db) {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select b.id, b.time_zone, s.enabled_features,
               (select max(j.night)::text from ai_training_jobs j where j.business_id = b.id and j.trigger = 'nightly') as last_night
          from businesses b
          left join business_settings s on s.business_id = b.id`),
    );
    return rows.map((row) => ({
      businessId: String(row.id),
      timeZone: String(row.time_zone),
      storedFeatures: (row.enabled_features ?? null) as Record<string, boolean> | null,
      lastNight: row.last_night === null || row.last_night === undefined ? null : String(row.last_night),
    }));
  },

  /**
   * Queues the business's nightly training of `night`, unless that night has one already (the
   * unique business–trigger–night index, whichever process inserted it) or a job is queued or
   * running (one active job a business: the next sweep tries again). Null when nothing was queued.
   */
  async queueNightlyJob(tx: Tx, businessId: string, night: string) {
    const [row] = await tx.insert(aiTrainingJobs).values({ businessId, trigger: 'nightly', night, status: 'queued' }).onConflictDoNothing().returning();
    return row ?? null;
  },

  /** The business's newest nightly job (the hub shows the last nightly run). */
  async latestNightlyJob(tx: Tx, businessId: string) {
    const [row] = await tx
      .select()
      .from(aiTrainingJobs)
      .where(and(eq(aiTrainingJobs.businessId, businessId), eq(aiTrainingJobs.trigger, 'nightly')))
      .orderBy(desc(aiTrainingJobs.night))
      .limit(1);
    return row ?? null;
  },

  /** The business's newest job, and its newest finished one (what the hub shows). */
  async latestJob(tx: Tx, businessId: string) {
    const [row] = await tx.select().from(aiTrainingJobs).where(eq(aiTrainingJobs.businessId, businessId)).orderBy(desc(aiTrainingJobs.requestedAt)).limit(1);
    return row ?? null;
  },

  /**
   * Claims one job to run: the given one, or any (all businesses) that is queued or running with a
   * heartbeat older than `staleMs` (its process died). FOR UPDATE SKIP LOCKED: two processes
   * never claim the same job.
   */
  async claimJob(db: Db, claimedBy: string, staleMs: number, jobId?: string) {
    const only = jobId ? sql`and id = ${jobId}::uuid` : sql``;
    const rows = rowsOf<{ id: string; business_id: string }>(
      await db.execute(sql`
        update ai_training_jobs set status = 'running', started_at = now(), heartbeat_at = now(), claimed_by = ${claimedBy}, attempts = attempts + 1, error = null
         where id = (select id from ai_training_jobs
                      where (status = 'queued' or (status = 'running' and heartbeat_at < now() - ${staleMs} * interval '1 millisecond')) ${only}
                      order by requested_at limit 1 for update skip locked)
        returning id, business_id`),
    );
    const row = rows[0];
    return row ? { id: String(row.id), businessId: String(row.business_id) } : null;
  },

  /** The holder's heartbeat; false once another process took the job over. */
  async heartbeat(db: Db, jobId: string, claimedBy: string) {
    const rows = await db
      .update(aiTrainingJobs)
      .set({ heartbeatAt: sql`now()` })
      .where(and(eq(aiTrainingJobs.id, jobId), eq(aiTrainingJobs.claimedBy, claimedBy), eq(aiTrainingJobs.status, 'running')))
      .returning({ id: aiTrainingJobs.id });
    return rows.length > 0;
  },

  /** Ends the job (done with the hub's modules, or failed with why) if this holder still has it. */
  async finishJob(tx: Tx, jobId: string, claimedBy: string, outcome: { status: 'done'; modules: unknown[] } | { status: 'failed'; error: string }) {
    const rows = await tx
      .update(aiTrainingJobs)
      .set({ status: outcome.status, finishedAt: sql`now()`, modules: outcome.status === 'done' ? outcome.modules : null, error: outcome.status === 'failed' ? outcome.error : null })
      .where(and(eq(aiTrainingJobs.id, jobId), eq(aiTrainingJobs.claimedBy, claimedBy), eq(aiTrainingJobs.status, 'running')))
      .returning({ id: aiTrainingJobs.id });
    return rows.length > 0;
  },
};

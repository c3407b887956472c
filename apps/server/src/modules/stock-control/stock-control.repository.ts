import { DEFAULT_LOW_STOCK_THRESHOLD, type StockMovementReason } from '@till/core';
import { and, eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import { auditLog, businesses, businessSettings, lowStockDigests, stockAdjustments, stockCounts, wasteRecords } from '../../db/schema/index.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const num = (value: unknown) => Number(value ?? 0);

export interface LockedProduct {
  id: string;
  name: string;
  sku: string | null;
  trackStock: boolean;
  stockQuantity: number;
  cost: number | null;
}

export interface Actor {
  actorUserId: string | null;
  actorEmployeeId: string | null;
}

export interface MovementRow {
  productId: string;
  delta: number;
  reason: 'adjustment' | 'waste' | 'count';
  note: string | null;
}

/** Stock control's queries: the only file of the module that touches SQL. */
export const stockControlRepository = {
  async settings(tx: Tx, businessId: string) {
    const [row] = await tx
      .select({ currency: businesses.currency, timeZone: businesses.timeZone, allowNegativeStock: businessSettings.allowNegativeStock })
      .from(businesses)
      .leftJoin(businessSettings, eq(businessSettings.businessId, businesses.id))
      .where(eq(businesses.id, businessId))
      .limit(1);
    return { currency: row?.currency ?? 'USD', timeZone: row?.timeZone ?? 'UTC', allowNegativeStock: row?.allowNegativeStock ?? false };
  },

  /** The products, locked in id order (as every stock writer does) so two writers cannot deadlock. */
  async lockProducts(tx: Tx, businessId: string, ids: string[]): Promise<LockedProduct[]> {
    if (ids.length === 0) return [];
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select id, name, sku, track_stock, stock_quantity, cost::float8 as cost
          from products
         where business_id = ${businessId} and id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
         order by id
           for update`),
    );
    return rows.map((row) => ({
      id: String(row.id),
      name: String(row.name),
      sku: row.sku === null ? null : String(row.sku),
      trackStock: Boolean(row.track_stock),
      stockQuantity: num(row.stock_quantity),
      cost: row.cost === null ? null : num(row.cost),
    }));
  },

  /** Movements and the running sum, one statement each however many lines (a 5,000-line count is two round trips). */
  async applyMovements(tx: Tx, businessId: string, actor: Actor, rows: MovementRow[], storeId: string | null = null): Promise<void> {
    if (rows.length === 0) return;
    const payload = JSON.stringify(rows.map((row) => ({ product_id: row.productId, delta: row.delta, reason: row.reason, note: row.note })));
    // The store's product_stock rows follow in the same statement: one grouped upsert after it (trigger
    // stock_movements_store_rows, decision 060), not one per row.
    await tx.execute(sql`
      insert into stock_movements (business_id, product_id, quantity_delta, reason, note, actor_user_id, actor_employee_id, store_id)
      select ${businessId}, v.product_id, v.delta, v.reason, v.note, ${actor.actorUserId}::uuid, ${actor.actorEmployeeId}::uuid, ${storeId}::uuid
        from jsonb_to_recordset(${payload}::jsonb) as v(product_id uuid, delta int, reason text, note text)`);
    await tx.execute(sql`
      update products p set stock_quantity = p.stock_quantity + v.delta, updated_at = now()
        from (select product_id, sum(delta)::int as delta from jsonb_to_recordset(${payload}::jsonb) as r(product_id uuid, delta int) group by product_id) v
       where p.business_id = ${businessId} and p.id = v.product_id`);
  },

  async storeExists(tx: Tx, businessId: string, storeId: string): Promise<boolean> {
    const rows = rowsOf(await tx.execute(sql`select 1 from stores where business_id = ${businessId} and id = ${storeId}::uuid`));
    return rows.length > 0;
  },

  async hasSeveralStores(tx: Tx, businessId: string): Promise<boolean> {
    const rows = rowsOf(await tx.execute(sql`select 1 from stores where business_id = ${businessId} and not is_default limit 1`));
    return rows.length > 0;
  },

  /** One product's stock in one store (0 when nothing ever moved there). */
  async storeQuantity(tx: Tx, businessId: string, storeId: string, productId: string): Promise<number> {
    const [row] = rowsOf<{ quantity: unknown }>(
      await tx.execute(sql`select quantity from product_stock where business_id = ${businessId} and store_id = ${storeId}::uuid and product_id = ${productId}::uuid`),
    );
    return num(row?.quantity);
  },

  /** Sets (or clears, null) where products sit in a store; returns the ids that are not products of the business. */
  async setShelves(tx: Tx, businessId: string, storeId: string, lines: { productId: string; shelf: string | null }[]): Promise<string[]> {
    const payload = JSON.stringify(lines.map((line) => ({ product_id: line.productId, shelf: line.shelf })));
    const updated = rowsOf<{ product_id: string }>(
      await tx.execute(sql`
        insert into product_stock (business_id, store_id, product_id, quantity, shelf)
        select ${businessId}, ${storeId}::uuid, p.id, 0, v.shelf
          from jsonb_to_recordset(${payload}::jsonb) as v(product_id uuid, shelf text)
          join products p on p.business_id = ${businessId} and p.id = v.product_id
        on conflict (business_id, product_id, store_id) do update set shelf = excluded.shelf, updated_at = now()
        returning product_id`),
    );
    const found = new Set(updated.map((row) => String(row.product_id)));
    return lines.map((line) => line.productId).filter((id) => !found.has(id));
  },

  async insertAudit(tx: Tx, values: typeof auditLog.$inferInsert) {
    await tx.insert(auditLog).values(values);
  },

  async findAdjustmentByKey(tx: Tx, businessId: string, key: string) {
    const [row] = await tx
      .select()
      .from(stockAdjustments)
      .where(and(eq(stockAdjustments.businessId, businessId), eq(stockAdjustments.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  },

  async insertAdjustment(tx: Tx, values: typeof stockAdjustments.$inferInsert) {
    const [row] = await tx.insert(stockAdjustments).values(values).returning();
    return row!;
  },

  async findWasteByKey(tx: Tx, businessId: string, key: string) {
    const [row] = await tx
      .select()
      .from(wasteRecords)
      .where(and(eq(wasteRecords.businessId, businessId), eq(wasteRecords.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  },

  async insertWaste(tx: Tx, values: typeof wasteRecords.$inferInsert) {
    const [row] = await tx.insert(wasteRecords).values(values).returning();
    return row!;
  },

  /** Waste in [from, to] (local dates of the business), each record with its product and who recorded it. */
  async wasteInPeriod(
    tx: Tx,
    businessId: string,
    range: { from: string; to: string; timeZone: string; reason?: string | undefined; productId?: string | undefined; storeId?: string | undefined; limit?: number },
  ) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select w.id, w.product_id, p.name, p.sku, w.quantity, w.reason, w.note, w.unit_cost::float8 as unit_cost,
               w.cost_value::float8 as cost_value, w.created_at, e.full_name as actor_name, w.actor_employee_id
          from waste_records w
          join products p on p.id = w.product_id
          left join employees e on e.id = w.actor_employee_id
         where w.business_id = ${businessId}
           and w.created_at >= (${range.from}::date::timestamp at time zone ${range.timeZone})
           and w.created_at < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})
           ${range.reason ? sql`and w.reason = ${range.reason}` : sql``}
           ${range.productId ? sql`and w.product_id = ${range.productId}::uuid` : sql``}
           ${range.storeId ? sql`and w.store_id = ${range.storeId}::uuid` : sql``}
         order by w.created_at desc, w.id desc
         ${range.limit ? sql`limit ${range.limit}` : sql``}`),
    );
    return rows.map((row) => ({
      id: String(row.id),
      productId: String(row.product_id),
      productName: String(row.name),
      sku: row.sku === null ? null : String(row.sku),
      quantity: num(row.quantity),
      reason: String(row.reason) as 'expired' | 'damaged' | 'spoiled' | 'preparation' | 'other',
      note: row.note === null ? null : String(row.note),
      unitCost: num(row.unit_cost),
      costValue: num(row.cost_value),
      createdAt: new Date(String(row.created_at)).toISOString(),
      actorName: row.actor_name === null ? null : String(row.actor_name),
      actorEmployeeId: row.actor_employee_id === null ? null : String(row.actor_employee_id),
    }));
  },

  /** Totals of waste in [from, to] grouped by reason and by product. */
  async wasteTotals(tx: Tx, businessId: string, range: { from: string; to: string; timeZone: string; reason?: string | undefined; productId?: string | undefined; storeId?: string | undefined }) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select w.reason, w.product_id, min(p.name) as name, sum(w.quantity)::float8 as quantity, sum(w.cost_value)::float8 as cost_value, count(*)::int as records
          from waste_records w join products p on p.id = w.product_id
         where w.business_id = ${businessId}
           and w.created_at >= (${range.from}::date::timestamp at time zone ${range.timeZone})
           and w.created_at < ((${range.to}::date + 1)::timestamp at time zone ${range.timeZone})
           ${range.reason ? sql`and w.reason = ${range.reason}` : sql``}
           ${range.productId ? sql`and w.product_id = ${range.productId}::uuid` : sql``}
           ${range.storeId ? sql`and w.store_id = ${range.storeId}::uuid` : sql``}
         group by w.reason, w.product_id`),
    );
    return rows.map((row) => ({
      reason: String(row.reason) as 'expired' | 'damaged' | 'spoiled' | 'preparation' | 'other',
      productId: String(row.product_id),
      productName: String(row.name),
      quantity: num(row.quantity),
      costValue: num(row.cost_value),
      records: num(row.records),
    }));
  },

  async productExists(tx: Tx, businessId: string, productId: string) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`select id, name, sku, track_stock, stock_quantity, low_stock_threshold from products where business_id = ${businessId} and id = ${productId}::uuid`),
    );
    const row = rows[0];
    return row
      ? {
          id: String(row.id),
          name: String(row.name),
          sku: row.sku === null ? null : String(row.sku),
          trackStock: Boolean(row.track_stock),
          stockQuantity: num(row.stock_quantity),
          lowStockThreshold: row.low_stock_threshold === null ? null : num(row.low_stock_threshold),
        }
      : null;
  },

  /**
   * One page of a product's ledger, newest first, by (created_at, id) after the cursor: an index
   * range scan of stock_movements_product_history whatever the ledger's length (no window sum).
   */
  async movementsPage(tx: Tx, businessId: string, productId: string, page: { limit: number; after: { createdAt: string; id: string } | null; storeId?: string | undefined }) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select m.id, m.quantity_delta, m.reason, m.note, m.order_id, m.actor_user_id, m.actor_employee_id, e.full_name as actor_name,
               m.created_at, m.created_at::text as created_at_key, o.number as order_number
          from stock_movements m
          left join employees e on e.id = m.actor_employee_id
          left join orders o on o.id = m.order_id
         where m.business_id = ${businessId} and m.product_id = ${productId}::uuid
           ${page.storeId ? sql`and m.store_id = ${page.storeId}::uuid` : sql``}
           ${page.after ? sql`and (m.created_at, m.id) < (${page.after.createdAt}::timestamptz, ${page.after.id}::uuid)` : sql``}
         order by m.created_at desc, m.id desc
         limit ${page.limit}`),
    );
    return rows.map((row) => ({
      id: String(row.id),
      quantityDelta: num(row.quantity_delta),
      reason: String(row.reason) as StockMovementReason,
      note: row.note === null ? null : String(row.note),
      orderId: row.order_id === null ? null : String(row.order_id),
      orderNumber: row.order_number === null || row.order_number === undefined ? null : num(row.order_number),
      actorUserId: row.actor_user_id === null ? null : String(row.actor_user_id),
      actorEmployeeId: row.actor_employee_id === null ? null : String(row.actor_employee_id),
      actorName: row.actor_name === null ? null : String(row.actor_name),
      createdAt: new Date(row.created_at as string | Date).toISOString(),
      createdAtKey: String(row.created_at_key),
    }));
  },

  async sumMovements(tx: Tx, businessId: string, productId: string): Promise<number> {
    const [row] = rowsOf<{ total: unknown }>(
      await tx.execute(sql`select coalesce(sum(quantity_delta), 0)::float8 as total from stock_movements where business_id = ${businessId} and product_id = ${productId}::uuid`),
    );
    return num(row?.total);
  },

  async categoryExists(tx: Tx, businessId: string, categoryId: string): Promise<boolean> {
    const rows = rowsOf(await tx.execute(sql`select 1 from categories where business_id = ${businessId} and id = ${categoryId}::uuid`));
    return rows.length > 0;
  },

  async insertCount(tx: Tx, values: typeof stockCounts.$inferInsert) {
    const [row] = await tx.insert(stockCounts).values(values).returning();
    return row!;
  },

  /**
   * The expected quantities, snapshotted: every tracked, active product (of the category, or on
   * the shelf in the store). With several stores it is the store's stock; with one, the
   * product's (the same number, and what older rows set without a movement still show).
   */
  async snapshotCountLines(
    tx: Tx,
    businessId: string,
    countId: string,
    scope: { storeId: string; perStore: boolean; categoryId: string | null; shelf: string | null },
  ): Promise<number> {
    const rows = rowsOf(
      await tx.execute(sql`
        insert into stock_count_lines (business_id, count_id, product_id, expected_quantity)
        select ${businessId}, ${countId}::uuid, p.id, ${scope.perStore ? sql`coalesce(ps.quantity, 0)` : sql`p.stock_quantity`}
          from products p
          left join product_stock ps on ps.business_id = p.business_id and ps.product_id = p.id and ps.store_id = ${scope.storeId}::uuid
         where p.business_id = ${businessId} and p.track_stock and p.is_active
           ${scope.categoryId ? sql`and p.category_id = ${scope.categoryId}::uuid` : sql``}
           ${scope.shelf ? sql`and lower(ps.shelf) = lower(${scope.shelf})` : sql``}
        returning product_id`),
    );
    return rows.length;
  },

  async findCount(tx: Tx, businessId: string, countId: string, forUpdate: boolean) {
    const query = tx
      .select()
      .from(stockCounts)
      .where(and(eq(stockCounts.businessId, businessId), eq(stockCounts.id, countId)))
      .limit(1);
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ?? null;
  },

  async listCounts(tx: Tx, businessId: string, limit: number) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select c.id, c.scope, c.shelf, c.store_id, st.name as store_name, c.status, c.note, c.started_at, c.posted_at, cat.name as category_name,
               (select count(*) from stock_count_lines l where l.count_id = c.id)::int as line_count,
               (select count(*) from stock_count_lines l where l.count_id = c.id and l.counted_quantity is not null)::int as counted_count
          from stock_counts c
          left join categories cat on cat.id = c.category_id
          left join stores st on st.business_id = c.business_id and st.id = c.store_id
         where c.business_id = ${businessId}
         order by c.started_at desc
         limit ${limit}`),
    );
    return rows.map((row) => ({
      id: String(row.id),
      scope: String(row.scope) as 'full' | 'category' | 'shelf',
      shelf: row.shelf === null ? null : String(row.shelf),
      storeId: row.store_id === null ? null : String(row.store_id),
      storeName: row.store_name === null ? null : String(row.store_name),
      status: String(row.status) as 'counting' | 'posted' | 'cancelled',
      note: row.note === null ? null : String(row.note),
      categoryName: row.category_name === null ? null : String(row.category_name),
      startedAt: new Date(String(row.started_at)).toISOString(),
      postedAt: row.posted_at === null ? null : new Date(String(row.posted_at)).toISOString(),
      lineCount: num(row.line_count),
      countedCount: num(row.counted_count),
    }));
  },

  async countLines(tx: Tx, businessId: string, countId: string) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select l.product_id, p.name, p.sku, p.barcode, ps.shelf, l.expected_quantity, l.counted_quantity, l.counted_at, l.moved_while_counting, l.posted_difference
          from stock_count_lines l join products p on p.id = l.product_id
          join stock_counts c on c.id = l.count_id
          left join product_stock ps on ps.business_id = l.business_id and ps.product_id = l.product_id and ps.store_id = c.store_id
         where l.business_id = ${businessId} and l.count_id = ${countId}::uuid
         order by p.search_name, p.id`),
    );
    return rows.map((row) => ({
      productId: String(row.product_id),
      name: String(row.name),
      sku: row.sku === null ? null : String(row.sku),
      barcode: row.barcode === null ? null : String(row.barcode),
      shelf: row.shelf === null || row.shelf === undefined ? null : String(row.shelf),
      expectedQuantity: num(row.expected_quantity),
      countedQuantity: row.counted_quantity === null ? null : num(row.counted_quantity),
      countedAt: row.counted_at === null ? null : new Date(String(row.counted_at)).toISOString(),
      movedWhileCounting: row.moved_while_counting === null ? null : num(row.moved_while_counting),
      postedDifference: row.posted_difference === null ? null : num(row.posted_difference),
    }));
  },

  /** Sets counted quantities (now as their moment); returns the product ids that are not lines of the count. */
  async recordCounts(tx: Tx, businessId: string, countId: string, lines: { productId: string; countedQuantity: number | null }[]): Promise<string[]> {
    const payload = JSON.stringify(lines.map((line) => ({ product_id: line.productId, counted: line.countedQuantity })));
    const updated = rowsOf<{ product_id: string }>(
      await tx.execute(sql`
        update stock_count_lines l
           set counted_quantity = v.counted, counted_at = case when v.counted is null then null else clock_timestamp() end
          from jsonb_to_recordset(${payload}::jsonb) as v(product_id uuid, counted int)
         where l.business_id = ${businessId} and l.count_id = ${countId}::uuid and l.product_id = v.product_id
        returning l.product_id`),
    );
    const found = new Set(updated.map((row) => String(row.product_id)));
    return lines.map((line) => line.productId).filter((id) => !found.has(id));
  },

  /** Locks the counted lines' products (id order) and reads what moved between the start and each line's count. */
  async countedLinesForPosting(tx: Tx, businessId: string, countId: string) {
    await tx.execute(sql`
      select p.id from products p
       where p.business_id = ${businessId}
         and p.id in (select product_id from stock_count_lines where count_id = ${countId}::uuid and counted_quantity is not null)
       order by p.id
         for update`);
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select l.product_id, l.expected_quantity, l.counted_quantity,
               coalesce((select sum(m.quantity_delta) from stock_movements m
                          where m.business_id = l.business_id and m.product_id = l.product_id
                            and m.store_id = c.store_id
                            and m.created_at > c.started_at and m.created_at <= l.counted_at), 0)::int as moved
          from stock_count_lines l join stock_counts c on c.id = l.count_id
         where l.business_id = ${businessId} and l.count_id = ${countId}::uuid and l.counted_quantity is not null`),
    );
    return rows.map((row) => ({
      productId: String(row.product_id),
      expectedQuantity: num(row.expected_quantity),
      countedQuantity: num(row.counted_quantity),
      movedWhileCounting: num(row.moved),
    }));
  },

  async markLinesPosted(tx: Tx, businessId: string, countId: string, lines: { productId: string; moved: number; difference: number }[]) {
    if (lines.length === 0) return;
    const payload = JSON.stringify(lines.map((line) => ({ product_id: line.productId, moved: line.moved, difference: line.difference })));
    await tx.execute(sql`
      update stock_count_lines l set moved_while_counting = v.moved, posted_difference = v.difference
        from jsonb_to_recordset(${payload}::jsonb) as v(product_id uuid, moved int, difference int)
       where l.business_id = ${businessId} and l.count_id = ${countId}::uuid and l.product_id = v.product_id`);
  },

  async updateCount(tx: Tx, businessId: string, countId: string, values: Partial<typeof stockCounts.$inferInsert>) {
    await tx
      .update(stockCounts)
      .set(values)
      .where(and(eq(stockCounts.businessId, businessId), eq(stockCounts.id, countId)));
  },

  /**
   * Every business with its owner's address and the last day a digest was claimed: read across
   * businesses on the server's own connection (like the appointment reminders), then each
   * business's digest is written in its own fenced transaction.
   */
  async digestCandidates(db: Db) {
    const rows = rowsOf<Record<string, unknown>>(
      await db.execute(sql`
        select b.id, b.name, b.time_zone, s.enabled_features, u.email,
               (select max(d.day)::text from low_stock_digests d where d.business_id = b.id) as last_day
          from businesses b
          join "user" u on u.id = b.owner_user_id
          left join business_settings s on s.business_id = b.id`),
    );
    return rows.map((row) => ({
      businessId: String(row.id),
      businessName: String(row.name),
      timeZone: String(row.time_zone),
      storedFeatures: (row.enabled_features ?? null) as Record<string, boolean> | null,
      ownerEmail: row.email ? String(row.email) : null,
      lastDay: row.last_day === null ? null : String(row.last_day),
    }));
  },

  /** Claims the business's digest of `day`; false when another run claimed it first. */
  async claimDigest(tx: Tx, values: typeof lowStockDigests.$inferInsert): Promise<boolean> {
    const rows = await tx.insert(lowStockDigests).values(values).onConflictDoNothing().returning({ day: lowStockDigests.day });
    return rows.length > 0;
  },

  /** Tracked, active products at or under their low-stock level, emptiest first, with how many there are. */
  async lowStock(tx: Tx, businessId: string, limit: number) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select p.name, p.stock_quantity, coalesce(p.low_stock_threshold, ${DEFAULT_LOW_STOCK_THRESHOLD}) as threshold,
               count(*) over ()::int as total
          from products p
         where p.business_id = ${businessId} and p.is_active and p.track_stock
           and p.stock_quantity <= coalesce(p.low_stock_threshold, ${DEFAULT_LOW_STOCK_THRESHOLD})
         order by p.stock_quantity, p.search_name
         limit ${limit}`),
    );
    return {
      total: rows.length > 0 ? num(rows[0]!.total) : 0,
      lines: rows.map((row) => ({ name: String(row.name), onHand: num(row.stock_quantity), threshold: num(row.threshold) })),
    };
  },
};

import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { employeeStores, products, productStock, registers, stockTransferLines, stockTransfers, stores } from '../../db/schema/index.ts';

export type StoreRow = typeof stores.$inferSelect;
export type TransferRow = typeof stockTransfers.$inferSelect;
export type TransferLineRow = typeof stockTransferLines.$inferSelect;

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;

export interface LockedStockProduct {
  id: string;
  name: string;
  trackStock: boolean;
}

/** A transfer's stock movement; batchId names the lot it moves (batch-tracked products, decision 059). */
export interface TransferMovement {
  productId: string;
  storeId: string;
  delta: number;
  reason: 'transfer_out' | 'transfer_in';
  note: string | null;
  transferId: string;
  batchId?: string | null;
}

/** Stores, stock per store and transfers: the only file of the module that touches SQL. */
export const storesRepository = {
  async list(tx: Tx, businessId: string): Promise<(StoreRow & { registerCount: number })[]> {
    const rows = await tx
      .select({
        store: stores,
        registerCount: sql<number>`(select count(*) from ${registers} r where r.business_id = ${stores.businessId} and r.store_id = ${stores.id} and r.is_active)`.mapWith(Number),
      })
      .from(stores)
      .where(eq(stores.businessId, businessId))
      .orderBy(desc(stores.isDefault), desc(stores.isActive), asc(stores.sortOrder), asc(stores.name));
    return rows.map((row) => ({ ...row.store, registerCount: row.registerCount }));
  },

  async findById(tx: Tx, businessId: string, id: string, lock = false): Promise<StoreRow | null> {
    const query = tx
      .select()
      .from(stores)
      .where(and(eq(stores.businessId, businessId), eq(stores.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async insert(tx: Tx, values: typeof stores.$inferInsert): Promise<StoreRow> {
    const [row] = await tx.insert(stores).values(values).returning();
    return row!;
  },

  async update(tx: Tx, businessId: string, id: string, values: Partial<Pick<StoreRow, 'name' | 'address' | 'phone' | 'timeZone' | 'isActive'>>): Promise<StoreRow> {
    const [row] = await tx
      .update(stores)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(stores.businessId, businessId), eq(stores.id, id)))
      .returning();
    return row!;
  },

  /** Each store's stock of one product and what is on its way there (sent, not yet received). */
  async stockOfProduct(tx: Tx, businessId: string, productId: string) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select s.id, s.name, s.is_default, s.is_active,
               coalesce(ps.quantity, 0) as quantity, ps.shelf,
               coalesce((select sum(l.quantity) from stock_transfer_lines l join stock_transfers t on t.business_id = l.business_id and t.id = l.transfer_id
                          where l.business_id = ${businessId} and l.product_id = ${productId} and t.to_store_id = s.id and t.status = 'sent'), 0) as in_transit
          from stores s
          left join product_stock ps on ps.business_id = s.business_id and ps.store_id = s.id and ps.product_id = ${productId}
         where s.business_id = ${businessId}
         order by s.is_default desc, s.is_active desc, s.sort_order, s.name`),
    );
    return rows.map((row) => ({
      storeId: String(row.id),
      name: String(row.name),
      isDefault: Boolean(row.is_default),
      isActive: Boolean(row.is_active),
      quantity: Number(row.quantity),
      shelf: row.shelf === null || row.shelf === undefined ? null : String(row.shelf),
      inTransit: Number(row.in_transit),
    }));
  },

  /** One store's stock of many products (the stock list's store filter). */
  async quantitiesInStore(tx: Tx, businessId: string, storeId: string, productIds: string[]): Promise<Map<string, number>> {
    if (productIds.length === 0) return new Map();
    const rows = await tx
      .select({ productId: productStock.productId, quantity: productStock.quantity })
      .from(productStock)
      .where(and(eq(productStock.businessId, businessId), eq(productStock.storeId, storeId), inArray(productStock.productId, productIds)));
    return new Map(rows.map((row) => [row.productId, row.quantity]));
  },

  /** The products of a transfer, locked in id order before any stock moves (as every stock writer does). */
  async lockProducts(tx: Tx, businessId: string, ids: string[]): Promise<LockedStockProduct[]> {
    if (ids.length === 0) return [];
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select id, name, track_stock from products
         where business_id = ${businessId} and id in (select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))
         order by id
           for update`),
    );
    return rows.map((row) => ({ id: String(row.id), name: String(row.name), trackStock: Boolean(row.track_stock) }));
  },

  async productNames(tx: Tx, businessId: string, ids: string[]) {
    if (ids.length === 0) return [];
    return tx
      .select({ id: products.id, name: products.name, sku: products.sku, trackStock: products.trackStock })
      .from(products)
      .where(and(eq(products.businessId, businessId), inArray(products.id, ids)));
  },

  /** Stock of the given products in one store, read after their products are locked. */
  async storeQuantities(tx: Tx, businessId: string, storeId: string, ids: string[]): Promise<Map<string, number>> {
    return this.quantitiesInStore(tx, businessId, storeId, ids);
  },

  /**
   * Transfer movements and the products' totals, one statement each. The stock_movements trigger
   * adds each delta to its store's product_stock row.
   */
  async moveStock(
    tx: Tx,
    businessId: string,
    actor: { actorUserId: string | null; actorEmployeeId: string | null },
    rows: TransferMovement[],
  ): Promise<void> {
    const moving = rows.filter((row) => row.delta !== 0);
    if (moving.length === 0) return;
    const payload = JSON.stringify(
      moving.map((row) => ({ product_id: row.productId, store_id: row.storeId, delta: row.delta, reason: row.reason, note: row.note, transfer_id: row.transferId, batch_id: row.batchId ?? null })),
    );
    await tx.execute(sql`
      insert into stock_movements (business_id, product_id, store_id, quantity_delta, reason, note, transfer_id, batch_id, actor_user_id, actor_employee_id)
      select ${businessId}, v.product_id, v.store_id, v.delta, v.reason, v.note, v.transfer_id, v.batch_id, ${actor.actorUserId}::uuid, ${actor.actorEmployeeId}::uuid
        from jsonb_to_recordset(${payload}::jsonb) as v(product_id uuid, store_id uuid, delta int, reason text, note text, transfer_id uuid, batch_id uuid)
       order by v.product_id`);
    await tx.execute(sql`
      update products p set stock_quantity = p.stock_quantity + v.delta, updated_at = now()
        from (select product_id, sum(delta)::int as delta from jsonb_to_recordset(${payload}::jsonb) as r(product_id uuid, delta int) group by product_id) v
       where p.business_id = ${businessId} and p.id = v.product_id`);
  },

  /**
   * The lots a sent transfer took out of the sending store (decision 059): per product, each lot's
   * number, expiry and units, from its transfer_out movements that name a lot.
   */
  async transferLotsSent(tx: Tx, businessId: string, transferId: string) {
    const rows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select m.product_id, m.batch_id, b.lot_number, b.expiry_date::text as expiry_date, b.created_at, -sum(m.quantity_delta)::int as quantity
          from stock_movements m
          join product_batches b on b.business_id = m.business_id and b.id = m.batch_id
         where m.business_id = ${businessId} and m.transfer_id = ${transferId} and m.reason = 'transfer_out' and m.batch_id is not null
         group by m.product_id, m.batch_id, b.lot_number, b.expiry_date, b.created_at`),
    );
    return rows.map((row) => ({
      productId: String(row.product_id),
      batchId: String(row.batch_id),
      lotNumber: String(row.lot_number),
      expiryDate: row.expiry_date === null ? null : String(row.expiry_date),
      receivedAt: new Date(row.created_at as string).toISOString(),
      quantity: Number(row.quantity),
    }));
  },

  async listTransfers(tx: Tx, businessId: string, filters: { storeId?: string | undefined; status?: TransferRow['status'] | undefined }) {
    const conditions = [eq(stockTransfers.businessId, businessId)];
    if (filters.status) conditions.push(eq(stockTransfers.status, filters.status));
    if (filters.storeId) conditions.push(sql`(${stockTransfers.fromStoreId} = ${filters.storeId} or ${stockTransfers.toStoreId} = ${filters.storeId})`);
    return tx
      .select()
      .from(stockTransfers)
      .where(and(...conditions))
      .orderBy(desc(stockTransfers.createdAt))
      .limit(200);
  },

  async findTransfer(tx: Tx, businessId: string, id: string, lock = false): Promise<TransferRow | null> {
    const query = tx
      .select()
      .from(stockTransfers)
      .where(and(eq(stockTransfers.businessId, businessId), eq(stockTransfers.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async transferLines(tx: Tx, businessId: string, transferIds: string[]) {
    if (transferIds.length === 0) return [];
    return tx
      .select({ line: stockTransferLines, name: products.name, sku: products.sku })
      .from(stockTransferLines)
      .innerJoin(products, eq(products.id, stockTransferLines.productId))
      .where(and(eq(stockTransferLines.businessId, businessId), inArray(stockTransferLines.transferId, transferIds)))
      .orderBy(asc(products.name));
  },

  async insertTransfer(tx: Tx, values: typeof stockTransfers.$inferInsert): Promise<TransferRow> {
    const [row] = await tx.insert(stockTransfers).values(values).returning();
    return row!;
  },

  async insertTransferLines(tx: Tx, values: (typeof stockTransferLines.$inferInsert)[]) {
    if (values.length) await tx.insert(stockTransferLines).values(values);
  },

  async updateTransfer(tx: Tx, businessId: string, id: string, values: Partial<typeof stockTransfers.$inferInsert>) {
    const [row] = await tx
      .update(stockTransfers)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(stockTransfers.businessId, businessId), eq(stockTransfers.id, id)))
      .returning();
    return row!;
  },

  async setReceived(tx: Tx, businessId: string, transferId: string, received: { productId: string; quantity: number }[]) {
    if (received.length === 0) return;
    await tx.execute(sql`
      update stock_transfer_lines l set received_quantity = v.quantity
        from jsonb_to_recordset(${JSON.stringify(received.map((row) => ({ product_id: row.productId, quantity: row.quantity })))}::jsonb) as v(product_id uuid, quantity int)
       where l.business_id = ${businessId} and l.transfer_id = ${transferId} and l.product_id = v.product_id`);
  },

  /** The store a paired till is in (null for another business's or an unknown till). */
  async registerStoreId(tx: Tx, businessId: string, registerId: string): Promise<string | null> {
    const [row] = await tx.select({ storeId: registers.storeId }).from(registers).where(and(eq(registers.businessId, businessId), eq(registers.id, registerId)));
    return row?.storeId ?? null;
  },

  async defaultStore(tx: Tx, businessId: string): Promise<StoreRow | null> {
    const [row] = await tx.select().from(stores).where(and(eq(stores.businessId, businessId), eq(stores.isDefault, true)));
    return row ?? null;
  },

  async employeeStoreIds(tx: Tx, businessId: string, employeeId: string): Promise<string[]> {
    const rows = await tx
      .select({ storeId: employeeStores.storeId })
      .from(employeeStores)
      .where(and(eq(employeeStores.businessId, businessId), eq(employeeStores.employeeId, employeeId)));
    return rows.map((row) => row.storeId);
  },

  async setEmployeeStores(tx: Tx, businessId: string, employeeId: string, storeIds: string[]) {
    await tx.delete(employeeStores).where(and(eq(employeeStores.businessId, businessId), eq(employeeStores.employeeId, employeeId)));
    if (storeIds.length) await tx.insert(employeeStores).values(storeIds.map((storeId) => ({ businessId, employeeId, storeId })));
  },

  async countActiveStores(tx: Tx, businessId: string, ids: string[]): Promise<number> {
    if (ids.length === 0) return 0;
    const rows = await tx
      .select({ id: stores.id })
      .from(stores)
      .where(and(eq(stores.businessId, businessId), inArray(stores.id, ids), eq(stores.isActive, true)));
    return rows.length;
  },
};

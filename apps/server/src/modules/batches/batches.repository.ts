import { and, asc, eq, gt, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, businesses, productBatches, productStock, products, registers, stockMovements, stores } from '../../db/schema/index.ts';

export type BatchRow = typeof productBatches.$inferSelect;

const batchColumns = {
  id: productBatches.id,
  productId: productBatches.productId,
  productName: products.name,
  sku: products.sku,
  storeId: productBatches.storeId,
  storeName: stores.name,
  lotNumber: productBatches.lotNumber,
  expiryDate: productBatches.expiryDate,
  quantity: productBatches.quantity,
  unitCost: products.cost,
  createdAt: productBatches.createdAt,
};

/** Queries of batches (decision 048); each runs on the request's fenced transaction. */
export const batchesRepository = {
  async timeZone(tx: Tx, businessId: string): Promise<string> {
    const [row] = await tx.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
    return row?.timeZone ?? 'UTC';
  },

  /** Locks one product (every stock writer locks products first, decision 044). */
  async lockProduct(tx: Tx, businessId: string, productId: string) {
    const [row] = await tx
      .select({ id: products.id, name: products.name, trackStock: products.trackStock, trackBatches: products.trackBatches, cost: products.cost })
      .from(products)
      .where(and(eq(products.businessId, businessId), eq(products.id, productId)))
      .for('update');
    return row ?? null;
  },

  async setTracking(tx: Tx, businessId: string, productId: string, trackBatches: boolean) {
    await tx.update(products).set({ trackBatches, updatedAt: new Date() }).where(and(eq(products.businessId, businessId), eq(products.id, productId)));
  },

  /**
   * Makes each store's batches of a product add up to its stock there again: what the batches do
   * not account for (stock from before tracking, or moved while tracking was off) goes into, or
   * comes out of, the store's "no lot" batch.
   */
  async reconcile(tx: Tx, businessId: string, productId: string) {
    await tx.execute(sql`
      insert into product_batches as b (business_id, product_id, store_id, lot_number, quantity)
      select ps.business_id, ps.product_id, ps.store_id, '', ps.quantity - coalesce((
               select sum(x.quantity)::int from product_batches x
                where x.business_id = ps.business_id and x.product_id = ps.product_id and x.store_id = ps.store_id), 0)
        from ${productStock} ps
       where ps.business_id = ${businessId} and ps.product_id = ${productId}
      on conflict (business_id, product_id, store_id, lot_number) do update set quantity = b.quantity + excluded.quantity, updated_at = now()`);
    // A "no lot" batch that the reconciliation left at zero and never held anything is noise.
    await tx.execute(sql`
      delete from product_batches b
       where b.business_id = ${businessId} and b.product_id = ${productId} and b.lot_number = '' and b.quantity = 0
         and not exists (select 1 from stock_movements m where m.business_id = b.business_id and m.batch_id = b.id)`);
  },

  async list(tx: Tx, businessId: string, filter: { productId?: string | undefined; storeId?: string | undefined; expiringBy?: string | undefined }) {
    return tx
      .select(batchColumns)
      .from(productBatches)
      .innerJoin(products, and(eq(products.businessId, productBatches.businessId), eq(products.id, productBatches.productId)))
      .innerJoin(stores, and(eq(stores.businessId, productBatches.businessId), eq(stores.id, productBatches.storeId)))
      .where(
        and(
          eq(productBatches.businessId, businessId),
          eq(products.trackBatches, true),
          filter.productId ? eq(productBatches.productId, filter.productId) : undefined,
          filter.storeId ? eq(productBatches.storeId, filter.storeId) : undefined,
          // The expiring list: lots still holding stock whose expiry is on or before the date.
          filter.expiringBy ? and(gt(productBatches.quantity, 0), isNotNull(productBatches.expiryDate), lte(productBatches.expiryDate, filter.expiringBy)) : undefined,
        ),
      )
      .orderBy(asc(products.name), asc(stores.name), sql`${productBatches.expiryDate} asc nulls last`, asc(productBatches.createdAt))
      .limit(1000);
  },

  /** The batch-tracked products, for the page's picker. */
  async trackedProducts(tx: Tx, businessId: string) {
    return tx
      .select({ id: products.id, name: products.name, sku: products.sku })
      .from(products)
      .where(and(eq(products.businessId, businessId), eq(products.trackBatches, true)))
      .orderBy(asc(products.name))
      .limit(1000);
  },

  async findBatch(tx: Tx, businessId: string, batchId: string, lock = false) {
    const query = tx
      .select()
      .from(productBatches)
      .where(and(eq(productBatches.businessId, businessId), eq(productBatches.id, batchId)));
    const [row] = await (lock ? query.for('update') : query);
    return row ?? null;
  },

  async findLot(tx: Tx, businessId: string, productId: string, storeId: string, lotNumber: string) {
    const [row] = await tx
      .select()
      .from(productBatches)
      .where(and(eq(productBatches.businessId, businessId), eq(productBatches.productId, productId), eq(productBatches.storeId, storeId), eq(productBatches.lotNumber, lotNumber)));
    return row ?? null;
  },

  /** A lot to receive into: created empty (the receipt movement fills it), or the existing one. */
  async ensureLot(tx: Tx, values: { businessId: string; productId: string; storeId: string; lotNumber: string; expiryDate: string | null }) {
    const [row] = await tx
      .insert(productBatches)
      .values({ ...values, quantity: 0 })
      .onConflictDoUpdate({
        target: [productBatches.businessId, productBatches.productId, productBatches.storeId, productBatches.lotNumber],
        set: { expiryDate: sql`coalesce(${productBatches.expiryDate}, excluded.expiry_date)`, updatedAt: new Date() },
      })
      .returning();
    return row!;
  },

  /** The store a sale on this register sells from: the register's, else the default store. */
  async saleStore(tx: Tx, businessId: string, registerId: string | null): Promise<string | null> {
    if (registerId) {
      const [row] = await tx.select({ storeId: registers.storeId }).from(registers).where(and(eq(registers.businessId, businessId), eq(registers.id, registerId)));
      if (row) return row.storeId;
    }
    return this.defaultStore(tx, businessId);
  },

  async defaultStore(tx: Tx, businessId: string): Promise<string | null> {
    const [row] = await tx.select({ id: stores.id }).from(stores).where(and(eq(stores.businessId, businessId), eq(stores.isDefault, true)));
    return row?.id ?? null;
  },

  /** The lots of the given batch-tracked products in one store. */
  async lotsForSale(tx: Tx, businessId: string, storeId: string, productIds: string[]) {
    if (productIds.length === 0) return [];
    return tx
      .select({ id: productBatches.id, productId: productBatches.productId, lotNumber: productBatches.lotNumber, expiryDate: productBatches.expiryDate, quantity: productBatches.quantity, createdAt: productBatches.createdAt })
      .from(productBatches)
      .innerJoin(products, and(eq(products.businessId, productBatches.businessId), eq(products.id, productBatches.productId)))
      .where(and(eq(productBatches.businessId, businessId), eq(productBatches.storeId, storeId), inArray(productBatches.productId, productIds), eq(products.trackBatches, true)));
  },

  /** One product's name and whether it tracks batches (no lock: a read for the till's lot picker). */
  async findProduct(tx: Tx, businessId: string, productId: string) {
    const [row] = await tx
      .select({ id: products.id, name: products.name, trackBatches: products.trackBatches })
      .from(products)
      .where(and(eq(products.businessId, businessId), eq(products.id, productId)));
    return row ?? null;
  },

  async batchTrackedIds(tx: Tx, businessId: string, productIds: string[]): Promise<Set<string>> {
    if (productIds.length === 0) return new Set();
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.businessId, businessId), inArray(products.id, productIds), eq(products.trackBatches, true)));
    return new Set(rows.map((row) => row.id));
  },

  /** What an order's sale and refund movements of one product did to its lots. */
  async orderLotMovements(tx: Tx, businessId: string, orderId: string, productId: string) {
    return tx
      .select({ batchId: stockMovements.batchId, quantityDelta: stockMovements.quantityDelta, reason: stockMovements.reason })
      .from(stockMovements)
      .where(
        and(
          eq(stockMovements.businessId, businessId),
          eq(stockMovements.orderId, orderId),
          eq(stockMovements.productId, productId),
          isNotNull(stockMovements.batchId),
          inArray(stockMovements.reason, ['sale', 'refund']),
        ),
      )
      .orderBy(asc(stockMovements.createdAt), asc(stockMovements.id));
  },

  async insertMovement(tx: Tx, values: typeof stockMovements.$inferInsert) {
    await tx.insert(stockMovements).values(values);
  },

  async addToProductStock(tx: Tx, businessId: string, productId: string, delta: number) {
    await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${delta}`, updatedAt: new Date() })
      .where(and(eq(products.businessId, businessId), eq(products.id, productId)));
  },

  async insertAudit(tx: Tx, values: typeof auditLog.$inferInsert) {
    await tx.insert(auditLog).values(values);
  },
};

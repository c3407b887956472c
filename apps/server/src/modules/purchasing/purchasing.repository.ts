import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  auditLog,
  businesses,
  goodsReceiptLines,
  goodsReceipts,
  products,
  purchaseOrderCounters,
  purchaseOrderLines,
  purchaseOrders,
  stockMovements,
  supplierProducts,
  suppliers,
} from '../../db/schema/index.ts';

export type SupplierRow = typeof suppliers.$inferSelect;
export type PurchaseOrderRow = typeof purchaseOrders.$inferSelect;
export type PurchaseOrderLineRow = typeof purchaseOrderLines.$inferSelect;
export type ReceiptRow = typeof goodsReceipts.$inferSelect;
export type ReceiptLineRow = typeof goodsReceiptLines.$inferSelect;

/** LIKE pattern matching `text` anywhere, with its own wildcards taken literally. */
const containing = (text: string) => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

const OPEN_STATUSES = ['draft', 'sent', 'partly_received'] as const;

export const purchasingRepository = {
  async businessOf(tx: Tx, businessId: string) {
    const [row] = await tx.select({ name: businesses.name, currency: businesses.currency, timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
    return row!;
  },

  // ---- suppliers

  async searchSuppliers(tx: Tx, businessId: string, search: { q?: string | undefined; includeArchived: boolean; limit: number; after: { key: string; id: string } | null }) {
    const conditions: (SQL | undefined)[] = [eq(suppliers.businessId, businessId)];
    if (!search.includeArchived) conditions.push(eq(suppliers.isActive, true));
    const q = search.q?.trim().toLowerCase();
    if (q) {
      const pattern = containing(q);
      conditions.push(
        sql`(lower(${suppliers.name}) like ${pattern} or lower(coalesce(${suppliers.email}, '')) like ${pattern} or lower(coalesce(${suppliers.contactName}, '')) like ${pattern})`,
      );
    }
    if (search.after) conditions.push(sql`(lower(${suppliers.name}), ${suppliers.id}) > (${search.after.key}, ${search.after.id}::uuid)`);
    return tx
      .select({
        supplier: suppliers,
        sortKey: sql<string>`lower(${suppliers.name})`,
        // "suppliers"."id" spelled out: Drizzle prints a one-table query's columns bare, and a bare id in the subquery would be supplier_products.id.
        productCount: sql<number>`(select count(*)::int from ${supplierProducts} where ${supplierProducts.businessId} = "suppliers"."business_id" and ${supplierProducts.supplierId} = "suppliers"."id")`.mapWith(Number),
      })
      .from(suppliers)
      .where(and(...conditions))
      .orderBy(sql`lower(${suppliers.name})`, asc(suppliers.id))
      .limit(search.limit);
  },

  async allSuppliers(tx: Tx, businessId: string) {
    return tx.select().from(suppliers).where(eq(suppliers.businessId, businessId)).orderBy(sql`lower(${suppliers.name})`, asc(suppliers.id));
  },

  async findSupplier(tx: Tx, businessId: string, id: string, lock = false) {
    const query = tx
      .select()
      .from(suppliers)
      .where(and(eq(suppliers.businessId, businessId), eq(suppliers.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async findSupplierByName(tx: Tx, businessId: string, name: string, exceptId: string | null) {
    const [row] = await tx
      .select({ id: suppliers.id })
      .from(suppliers)
      .where(and(eq(suppliers.businessId, businessId), sql`lower(${suppliers.name}) = ${name.toLowerCase()}`, exceptId ? sql`${suppliers.id} <> ${exceptId}::uuid` : undefined))
      .limit(1);
    return row ?? null;
  },

  async insertSupplier(tx: Tx, values: typeof suppliers.$inferInsert) {
    const [row] = await tx.insert(suppliers).values(values).returning();
    return row!;
  },

  async updateSupplier(tx: Tx, businessId: string, id: string, values: Partial<typeof suppliers.$inferInsert>) {
    const [row] = await tx
      .update(suppliers)
      .set(values)
      .where(and(eq(suppliers.businessId, businessId), eq(suppliers.id, id)))
      .returning();
    return row ?? null;
  },

  /** The products a supplier supplies, by product name, with the product's stock, cost and reorder settings. */
  async supplierProductsOf(tx: Tx, businessId: string, supplierId: string) {
    return tx
      .select({
        link: supplierProducts,
        name: products.name,
        sku: products.sku,
        trackStock: products.trackStock,
        stockQuantity: products.stockQuantity,
        cost: products.cost,
        lowStockThreshold: products.lowStockThreshold,
        reorderPoint: products.reorderPoint,
        reorderQuantity: products.reorderQuantity,
        isActive: products.isActive,
      })
      .from(supplierProducts)
      .innerJoin(products, and(eq(products.businessId, supplierProducts.businessId), eq(products.id, supplierProducts.productId)))
      .where(and(eq(supplierProducts.businessId, businessId), eq(supplierProducts.supplierId, supplierId)))
      .orderBy(products.searchName, asc(products.id));
  },

  async findSupplierProduct(tx: Tx, businessId: string, supplierId: string, productId: string) {
    const [row] = await tx
      .select()
      .from(supplierProducts)
      .where(and(eq(supplierProducts.businessId, businessId), eq(supplierProducts.supplierId, supplierId), eq(supplierProducts.productId, productId)))
      .limit(1);
    return row ?? null;
  },

  async supplierProductsFor(tx: Tx, businessId: string, supplierId: string, productIds: string[]) {
    if (productIds.length === 0) return [];
    return tx
      .select()
      .from(supplierProducts)
      .where(and(eq(supplierProducts.businessId, businessId), eq(supplierProducts.supplierId, supplierId), inArray(supplierProducts.productId, productIds)));
  },

  async upsertSupplierProduct(tx: Tx, values: typeof supplierProducts.$inferInsert, set: Partial<typeof supplierProducts.$inferInsert>) {
    const [row] = await tx
      .insert(supplierProducts)
      .values(values)
      .onConflictDoUpdate({ target: [supplierProducts.businessId, supplierProducts.supplierId, supplierProducts.productId], set: { ...set, updatedAt: sql`now()` } })
      .returning();
    return row!;
  },

  async deleteSupplierProduct(tx: Tx, businessId: string, supplierId: string, productId: string) {
    const rows = await tx
      .delete(supplierProducts)
      .where(and(eq(supplierProducts.businessId, businessId), eq(supplierProducts.supplierId, supplierId), eq(supplierProducts.productId, productId)))
      .returning({ id: supplierProducts.id });
    return rows.length > 0;
  },

  // ---- products

  async findProducts(tx: Tx, businessId: string, ids: string[], lock = false) {
    if (ids.length === 0) return [];
    const query = tx
      .select()
      .from(products)
      .where(and(eq(products.businessId, businessId), inArray(products.id, ids)))
      .orderBy(asc(products.id));
    return lock ? query.for('update') : query;
  },

  async updateProductReorder(tx: Tx, businessId: string, id: string, values: { reorderPoint?: number | null; reorderQuantity?: number | null }) {
    await tx
      .update(products)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(products.businessId, businessId), eq(products.id, id)));
  },

  /** Stock up and the new cost for many products in one statement (a 500-line delivery is one round trip, not 500). */
  async applyReceipts(tx: Tx, businessId: string, rows: { id: string; delta: number; cost: number }[]) {
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map((row) => sql`(${row.id}::uuid, ${row.delta}::int, ${row.cost}::bigint)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${products} set stock_quantity = ${products.stockQuantity} + v.delta, cost = v.cost, updated_at = now()
      from (values ${values}) as v(id, delta, cost)
      where ${products.businessId} = ${businessId} and ${products.id} = v.id`);
  },

  /** Received units added to many order lines in one statement. */
  async addReceivedMany(tx: Tx, businessId: string, rows: { lineId: string; quantity: number }[]) {
    if (rows.length === 0) return;
    const values = sql.join(
      rows.map((row) => sql`(${row.lineId}::uuid, ${row.quantity}::int)`),
      sql`, `,
    );
    await tx.execute(sql`
      update ${purchaseOrderLines} set quantity_received = ${purchaseOrderLines.quantityReceived} + v.quantity
      from (values ${values}) as v(id, quantity)
      where ${purchaseOrderLines.businessId} = ${businessId} and ${purchaseOrderLines.id} = v.id`);
  },

  /** The supplier's last cost of many products, linking the ones not linked yet. */
  async upsertLastCosts(tx: Tx, rows: { businessId: string; supplierId: string; productId: string; lastCost: number }[]) {
    if (rows.length === 0) return;
    await tx
      .insert(supplierProducts)
      .values(rows)
      .onConflictDoUpdate({ target: [supplierProducts.businessId, supplierProducts.supplierId, supplierProducts.productId], set: { lastCost: sql`excluded.last_cost`, updatedAt: sql`now()` } });
  },

  async insertMovements(tx: Tx, rows: (typeof stockMovements.$inferInsert)[]) {
    if (rows.length > 0) await tx.insert(stockMovements).values(rows);
  },

  /**
   * Tracked, active products at or below their reorder point (else low-stock threshold) that are
   * not already on an open purchase order, each with its suppliers' links (cheapest first).
   */
  async reorderCandidates(tx: Tx, businessId: string) {
    const point = sql`coalesce(${products.reorderPoint}, ${products.lowStockThreshold})`;
    return tx
      .select({
        productId: products.id,
        name: products.name,
        stockQuantity: products.stockQuantity,
        cost: products.cost,
        reorderPoint: sql<number>`${point}`.mapWith(Number),
        reorderQuantity: products.reorderQuantity,
        supplierId: supplierProducts.supplierId,
        packSize: supplierProducts.packSize,
        lastCost: supplierProducts.lastCost,
      })
      .from(products)
      .leftJoin(
        supplierProducts,
        and(
          eq(supplierProducts.businessId, products.businessId),
          eq(supplierProducts.productId, products.id),
          sql`exists (select 1 from ${suppliers} where ${suppliers.businessId} = ${supplierProducts.businessId} and ${suppliers.id} = ${supplierProducts.supplierId} and ${suppliers.isActive})`,
        ),
      )
      .where(
        and(
          eq(products.businessId, businessId),
          eq(products.isActive, true),
          eq(products.trackStock, true),
          sql`${point} is not null`,
          sql`${products.stockQuantity} <= ${point}`,
          sql`not exists (select 1 from ${purchaseOrderLines} join ${purchaseOrders} on ${purchaseOrders.id} = ${purchaseOrderLines.purchaseOrderId}
                where ${purchaseOrderLines.businessId} = ${products.businessId} and ${purchaseOrderLines.productId} = ${products.id}
                  and ${purchaseOrders.status} in ('draft', 'sent', 'partly_received') and ${purchaseOrderLines.quantityReceived} < ${purchaseOrderLines.quantityOrdered})`,
        ),
      )
      .orderBy(products.searchName, asc(products.id), sql`${supplierProducts.lastCost} asc nulls last`, asc(supplierProducts.createdAt));
  },

  // ---- purchase orders

  /** The next gap-free number: the counter row is taken in this transaction, so a rollback gives it back. */
  async nextOrderNumber(tx: Tx, businessId: string): Promise<number> {
    const [row] = await tx
      .insert(purchaseOrderCounters)
      .values({ businessId, lastNumber: 1 })
      .onConflictDoUpdate({ target: purchaseOrderCounters.businessId, set: { lastNumber: sql`${purchaseOrderCounters.lastNumber} + 1` } })
      .returning({ lastNumber: purchaseOrderCounters.lastNumber });
    return row!.lastNumber;
  },

  async insertOrder(tx: Tx, values: typeof purchaseOrders.$inferInsert) {
    const [row] = await tx.insert(purchaseOrders).values(values).returning();
    return row!;
  },

  async updateOrder(tx: Tx, businessId: string, id: string, values: Partial<typeof purchaseOrders.$inferInsert>) {
    const [row] = await tx
      .update(purchaseOrders)
      .set({ ...values, updatedAt: sql`now()` })
      .where(and(eq(purchaseOrders.businessId, businessId), eq(purchaseOrders.id, id)))
      .returning();
    return row!;
  },

  async findOrder(tx: Tx, businessId: string, id: string, lock = false) {
    const query = tx
      .select()
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.businessId, businessId), eq(purchaseOrders.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async listOrders(tx: Tx, businessId: string, filter: { status?: string | undefined; supplierId?: string | undefined; limit: number; beforeNumber: number | null }) {
    return tx
      .select({
        order: purchaseOrders,
        supplierName: suppliers.name,
        lineCount: sql<number>`(select count(*)::int from ${purchaseOrderLines} where ${purchaseOrderLines.purchaseOrderId} = ${purchaseOrders.id})`.mapWith(Number),
        total: sql<number>`(select coalesce(sum(${purchaseOrderLines.quantityOrdered}::bigint * ${purchaseOrderLines.unitCost}), 0)::bigint from ${purchaseOrderLines} where ${purchaseOrderLines.purchaseOrderId} = ${purchaseOrders.id})`.mapWith(Number),
      })
      .from(purchaseOrders)
      .innerJoin(suppliers, and(eq(suppliers.businessId, purchaseOrders.businessId), eq(suppliers.id, purchaseOrders.supplierId)))
      .where(
        and(
          eq(purchaseOrders.businessId, businessId),
          filter.status ? sql`${purchaseOrders.status} = ${filter.status}` : undefined,
          filter.supplierId ? eq(purchaseOrders.supplierId, filter.supplierId) : undefined,
          filter.beforeNumber !== null ? sql`${purchaseOrders.number} < ${filter.beforeNumber}` : undefined,
        ),
      )
      .orderBy(desc(purchaseOrders.number))
      .limit(filter.limit);
  },

  async linesOf(tx: Tx, orderId: string) {
    return tx
      .select({ line: purchaseOrderLines, name: products.name, sku: products.sku })
      .from(purchaseOrderLines)
      .innerJoin(products, eq(products.id, purchaseOrderLines.productId))
      .where(eq(purchaseOrderLines.purchaseOrderId, orderId))
      .orderBy(asc(purchaseOrderLines.position));
  },

  async replaceLines(tx: Tx, orderId: string, lines: (typeof purchaseOrderLines.$inferInsert)[]) {
    await tx.delete(purchaseOrderLines).where(eq(purchaseOrderLines.purchaseOrderId, orderId));
    if (lines.length > 0) await tx.insert(purchaseOrderLines).values(lines);
  },

  async hasOpenOrders(tx: Tx, businessId: string, supplierId: string) {
    const [row] = await tx
      .select({ id: purchaseOrders.id })
      .from(purchaseOrders)
      .where(and(eq(purchaseOrders.businessId, businessId), eq(purchaseOrders.supplierId, supplierId), inArray(purchaseOrders.status, [...OPEN_STATUSES])))
      .limit(1);
    return Boolean(row);
  },

  // ---- receipts

  async findReceiptByKey(tx: Tx, businessId: string, key: string) {
    const [row] = await tx
      .select()
      .from(goodsReceipts)
      .where(and(eq(goodsReceipts.businessId, businessId), eq(goodsReceipts.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  },

  async insertReceipt(tx: Tx, values: typeof goodsReceipts.$inferInsert) {
    const [row] = await tx.insert(goodsReceipts).values(values).returning();
    return row!;
  },

  async insertReceiptLines(tx: Tx, rows: (typeof goodsReceiptLines.$inferInsert)[]) {
    return rows.length > 0 ? tx.insert(goodsReceiptLines).values(rows).returning() : [];
  },

  async receiptLinesOf(tx: Tx, receiptIds: string[]) {
    if (receiptIds.length === 0) return [];
    return tx
      .select({ line: goodsReceiptLines, name: products.name })
      .from(goodsReceiptLines)
      .innerJoin(products, eq(products.id, goodsReceiptLines.productId))
      .where(inArray(goodsReceiptLines.receiptId, receiptIds))
      .orderBy(asc(products.searchName));
  },

  async receiptsOfOrder(tx: Tx, businessId: string, orderId: string) {
    return tx
      .select()
      .from(goodsReceipts)
      .where(and(eq(goodsReceipts.businessId, businessId), eq(goodsReceipts.purchaseOrderId, orderId)))
      .orderBy(asc(goodsReceipts.receivedAt), asc(goodsReceipts.id));
  },

  async insertAudits(tx: Tx, rows: (typeof auditLog.$inferInsert)[]) {
    if (rows.length > 0) await tx.insert(auditLog).values(rows);
  },
};

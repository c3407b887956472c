import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, businesses, goodsReceiptLines, goodsReceipts, products, rebateAgreements, suppliers } from '../../db/schema/index.ts';

export type RebateAgreementRow = typeof rebateAgreements.$inferSelect;

/** Supplier rebates (decision 028): the agreements, and the goods received that they are tried against. */
export const rebatesRepository = {
  async businessOf(tx: Tx, businessId: string) {
    const [row] = await tx.select({ currency: businesses.currency, timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
    return row!;
  },

  async listAgreements(tx: Tx, businessId: string, supplierId: string | undefined, limit: number) {
    return tx
      .select({ agreement: rebateAgreements, supplierName: suppliers.name })
      .from(rebateAgreements)
      .innerJoin(suppliers, and(eq(suppliers.businessId, rebateAgreements.businessId), eq(suppliers.id, rebateAgreements.supplierId)))
      .where(and(eq(rebateAgreements.businessId, businessId), supplierId ? eq(rebateAgreements.supplierId, supplierId) : undefined))
      .orderBy(asc(sql`lower(${suppliers.name})`), asc(rebateAgreements.startsOn), asc(rebateAgreements.id))
      .limit(limit);
  },

  async findAgreement(tx: Tx, businessId: string, id: string) {
    const [row] = await tx
      .select({ agreement: rebateAgreements, supplierName: suppliers.name })
      .from(rebateAgreements)
      .innerJoin(suppliers, and(eq(suppliers.businessId, rebateAgreements.businessId), eq(suppliers.id, rebateAgreements.supplierId)))
      .where(and(eq(rebateAgreements.businessId, businessId), eq(rebateAgreements.id, id)))
      .for('update', { of: rebateAgreements });
    return row ?? null;
  },

  async findSupplier(tx: Tx, businessId: string, id: string) {
    const [row] = await tx
      .select({ id: suppliers.id, name: suppliers.name })
      .from(suppliers)
      .where(and(eq(suppliers.businessId, businessId), eq(suppliers.id, id)));
    return row ?? null;
  },

  async existingProductIds(tx: Tx, businessId: string, ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await tx
      .select({ id: products.id })
      .from(products)
      .where(and(eq(products.businessId, businessId), inArray(products.id, ids)));
    return rows.map((row) => row.id);
  },

  /**
   * Units received from the supplier per product and unit cost, on the business's calendar days
   * `from`..`to` (both included), optionally for some products only.
   */
  async receivedPurchases(tx: Tx, businessId: string, query: { supplierId: string; from: string; to: string; timeZone: string; productIds: string[] | null }) {
    const receivedDay = sql`(${goodsReceipts.receivedAt} at time zone ${query.timeZone})::date`;
    return tx
      .select({
        productId: goodsReceiptLines.productId,
        name: products.name,
        sku: products.sku,
        unitCost: goodsReceiptLines.unitCost,
        quantity: sql<number>`sum(${goodsReceiptLines.quantity})::bigint`.mapWith(Number),
      })
      .from(goodsReceiptLines)
      .innerJoin(goodsReceipts, eq(goodsReceipts.id, goodsReceiptLines.receiptId))
      .innerJoin(products, eq(products.id, goodsReceiptLines.productId))
      .where(
        and(
          eq(goodsReceipts.businessId, businessId),
          eq(goodsReceipts.supplierId, query.supplierId),
          sql`${receivedDay} between ${query.from}::date and ${query.to}::date`,
          query.productIds && query.productIds.length > 0 ? inArray(goodsReceiptLines.productId, query.productIds) : undefined,
        ),
      )
      .groupBy(goodsReceiptLines.productId, products.name, products.sku, goodsReceiptLines.unitCost)
      .orderBy(asc(products.name), asc(goodsReceiptLines.productId));
  },

  async productNames(tx: Tx, businessId: string, ids: string[]) {
    if (ids.length === 0) return [];
    return tx
      .select({ id: products.id, name: products.name, sku: products.sku })
      .from(products)
      .where(and(eq(products.businessId, businessId), inArray(products.id, ids)));
  },

  async insertAgreement(tx: Tx, values: typeof rebateAgreements.$inferInsert) {
    const [row] = await tx.insert(rebateAgreements).values(values).returning();
    return row!;
  },

  async updateAgreement(tx: Tx, businessId: string, id: string, values: Partial<typeof rebateAgreements.$inferInsert>) {
    const [row] = await tx
      .update(rebateAgreements)
      .set(values)
      .where(and(eq(rebateAgreements.businessId, businessId), eq(rebateAgreements.id, id)))
      .returning();
    return row!;
  },

  async deleteAgreement(tx: Tx, businessId: string, id: string) {
    await tx.delete(rebateAgreements).where(and(eq(rebateAgreements.businessId, businessId), eq(rebateAgreements.id, id)));
  },

  async insertAudit(tx: Tx, row: typeof auditLog.$inferInsert) {
    await tx.insert(auditLog).values(row);
  },
};

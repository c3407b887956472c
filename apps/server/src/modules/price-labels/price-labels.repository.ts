import { and, asc, desc, eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, businesses, goodsReceiptLines, goodsReceipts, priceLabelQueue, products, suppliers } from '../../db/schema/index.ts';

/** Price labels (issue 14 item 7): the labels-to-print queue, the products to print, recent deliveries to print from. */
export const priceLabelsRepository = {
  async currencyOf(tx: Tx, businessId: string) {
    const [row] = await tx.select({ currency: businesses.currency }).from(businesses).where(eq(businesses.id, businessId));
    return row!.currency;
  },

  async queue(tx: Tx, businessId: string) {
    return tx
      .select({
        productId: priceLabelQueue.productId,
        name: products.name,
        sku: products.sku,
        barcode: products.barcode,
        price: products.price,
        oldPrice: priceLabelQueue.oldPrice,
        queuedAt: priceLabelQueue.queuedAt,
      })
      .from(priceLabelQueue)
      .innerJoin(products, eq(products.id, priceLabelQueue.productId))
      .where(eq(priceLabelQueue.businessId, businessId))
      .orderBy(desc(priceLabelQueue.queuedAt), asc(products.name))
      .limit(1000);
  },

  async dequeue(tx: Tx, businessId: string, productIds: string[]) {
    if (productIds.length === 0) return [];
    return tx
      .delete(priceLabelQueue)
      .where(and(eq(priceLabelQueue.businessId, businessId), inArray(priceLabelQueue.productId, productIds)))
      .returning({ productId: priceLabelQueue.productId });
  },

  async products(tx: Tx, businessId: string, ids: string[]) {
    if (ids.length === 0) return [];
    return tx
      .select({ id: products.id, name: products.name, price: products.price, barcode: products.barcode })
      .from(products)
      .where(and(eq(products.businessId, businessId), inArray(products.id, ids)));
  },

  async recentReceipts(tx: Tx, businessId: string, limit: number) {
    const receipts = await tx
      .select({ id: goodsReceipts.id, receivedAt: goodsReceipts.receivedAt, supplierName: suppliers.name })
      .from(goodsReceipts)
      .leftJoin(suppliers, and(eq(suppliers.businessId, goodsReceipts.businessId), eq(suppliers.id, goodsReceipts.supplierId)))
      .where(eq(goodsReceipts.businessId, businessId))
      .orderBy(desc(goodsReceipts.receivedAt), desc(goodsReceipts.id))
      .limit(limit);
    if (receipts.length === 0) return [];
    const lines = await tx
      .select({ receiptId: goodsReceiptLines.receiptId, productId: goodsReceiptLines.productId, name: products.name, quantity: goodsReceiptLines.quantity })
      .from(goodsReceiptLines)
      .innerJoin(products, eq(products.id, goodsReceiptLines.productId))
      .where(and(eq(goodsReceiptLines.businessId, businessId), inArray(goodsReceiptLines.receiptId, receipts.map((receipt) => receipt.id))))
      .orderBy(asc(products.name));
    return receipts.map((receipt) => ({ ...receipt, lines: lines.filter((line) => line.receiptId === receipt.id) }));
  },

  async insertAudit(tx: Tx, row: typeof auditLog.$inferInsert) {
    await tx.insert(auditLog).values(row);
  },
};

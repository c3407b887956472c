import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { goodsReceiptLines, purchaseInvoiceLines, purchaseInvoices, purchaseOrderLines, purchaseOrders, suppliers, supplierPayments } from '../../db/schema/index.ts';

export type PurchaseInvoiceRow = typeof purchaseInvoices.$inferSelect;
export type PurchaseInvoiceLineRow = typeof purchaseInvoiceLines.$inferSelect;
export type SupplierPaymentRow = typeof supplierPayments.$inferSelect;

/** Invoices whose paid total is below their total (the payables). */
const OPEN = sql`${purchaseInvoices.paidTotal} < ${purchaseInvoices.total}`;

export const purchaseInvoicesRepository = {
  async findByKey(tx: Tx, businessId: string, key: string) {
    const [row] = await tx
      .select()
      .from(purchaseInvoices)
      .where(and(eq(purchaseInvoices.businessId, businessId), eq(purchaseInvoices.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  },

  async findByNumber(tx: Tx, businessId: string, supplierId: string, number: string) {
    const [row] = await tx
      .select({ id: purchaseInvoices.id })
      .from(purchaseInvoices)
      .where(and(eq(purchaseInvoices.businessId, businessId), eq(purchaseInvoices.supplierId, supplierId), sql`lower(${purchaseInvoices.invoiceNumber}) = ${number.toLowerCase()}`))
      .limit(1);
    return row ?? null;
  },

  async find(tx: Tx, businessId: string, id: string, lock = false) {
    const query = tx
      .select()
      .from(purchaseInvoices)
      .where(and(eq(purchaseInvoices.businessId, businessId), eq(purchaseInvoices.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async insert(tx: Tx, values: typeof purchaseInvoices.$inferInsert) {
    const [row] = await tx.insert(purchaseInvoices).values(values).returning();
    return row!;
  },

  async insertLines(tx: Tx, rows: (typeof purchaseInvoiceLines.$inferInsert)[]) {
    if (rows.length > 0) await tx.insert(purchaseInvoiceLines).values(rows);
  },

  async linesOf(tx: Tx, invoiceId: string) {
    return tx.select().from(purchaseInvoiceLines).where(eq(purchaseInvoiceLines.invoiceId, invoiceId)).orderBy(asc(purchaseInvoiceLines.position));
  },

  /** Order lines of the business with their order's supplier and number, for matching. */
  async orderLines(tx: Tx, businessId: string, ids: string[]) {
    if (ids.length === 0) return [];
    return tx
      .select({ line: purchaseOrderLines, supplierId: purchaseOrders.supplierId, orderNumber: purchaseOrders.number, orderId: purchaseOrders.id })
      .from(purchaseOrderLines)
      .innerJoin(purchaseOrders, eq(purchaseOrders.id, purchaseOrderLines.purchaseOrderId))
      .where(and(eq(purchaseOrderLines.businessId, businessId), inArray(purchaseOrderLines.id, ids)));
  },

  /** Units of each order line invoiced on other invoices than `exceptInvoiceId`. */
  async invoicedBefore(tx: Tx, businessId: string, orderLineIds: string[], exceptInvoiceId: string | null) {
    if (orderLineIds.length === 0) return new Map<string, number>();
    const rows = await tx
      .select({ orderLineId: purchaseInvoiceLines.purchaseOrderLineId, quantity: sql<number>`sum(${purchaseInvoiceLines.quantity})::int`.mapWith(Number) })
      .from(purchaseInvoiceLines)
      .where(
        and(
          eq(purchaseInvoiceLines.businessId, businessId),
          inArray(purchaseInvoiceLines.purchaseOrderLineId, orderLineIds),
          exceptInvoiceId ? sql`${purchaseInvoiceLines.invoiceId} <> ${exceptInvoiceId}::uuid` : undefined,
        ),
      )
      .groupBy(purchaseInvoiceLines.purchaseOrderLineId);
    return new Map(rows.map((row) => [row.orderLineId!, row.quantity]));
  },

  async receivedByLine(tx: Tx, orderLineIds: string[]) {
    if (orderLineIds.length === 0) return new Map<string, number>();
    const rows = await tx
      .select({ orderLineId: goodsReceiptLines.purchaseOrderLineId, quantity: sql<number>`sum(${goodsReceiptLines.quantity})::int`.mapWith(Number) })
      .from(goodsReceiptLines)
      .where(inArray(goodsReceiptLines.purchaseOrderLineId, orderLineIds))
      .groupBy(goodsReceiptLines.purchaseOrderLineId);
    return new Map(rows.map((row) => [row.orderLineId!, row.quantity]));
  },

  async list(tx: Tx, businessId: string, filter: { status?: 'unpaid' | 'partly_paid' | 'paid' | undefined; supplierId?: string | undefined; limit: number; after: { dueDate: string; id: string } | null }) {
    const conditions: (SQL | undefined)[] = [eq(purchaseInvoices.businessId, businessId)];
    if (filter.status === 'unpaid') conditions.push(sql`${purchaseInvoices.paidTotal} = 0 and ${purchaseInvoices.total} > 0`);
    if (filter.status === 'partly_paid') conditions.push(sql`${purchaseInvoices.paidTotal} > 0 and ${OPEN}`);
    if (filter.status === 'paid') conditions.push(sql`${purchaseInvoices.paidTotal} >= ${purchaseInvoices.total}`);
    if (filter.supplierId) conditions.push(eq(purchaseInvoices.supplierId, filter.supplierId));
    if (filter.after) conditions.push(sql`(${purchaseInvoices.dueDate}, ${purchaseInvoices.id}) > (${filter.after.dueDate}::date, ${filter.after.id}::uuid)`);
    return tx
      .select({ invoice: purchaseInvoices, supplierName: suppliers.name })
      .from(purchaseInvoices)
      .innerJoin(suppliers, and(eq(suppliers.businessId, purchaseInvoices.businessId), eq(suppliers.id, purchaseInvoices.supplierId)))
      .where(and(...conditions))
      .orderBy(asc(purchaseInvoices.dueDate), asc(purchaseInvoices.id))
      .limit(filter.limit);
  },

  /**
   * Open balances summed per supplier and days overdue on `asOf` (one row per supplier and day,
   * not per invoice); the caller puts the days into core's buckets.
   */
  async openBalancesByDaysOverdue(tx: Tx, businessId: string, asOf: string) {
    const days = sql<number>`(${asOf}::date - ${purchaseInvoices.dueDate})`;
    return tx
      .select({
        supplierId: purchaseInvoices.supplierId,
        supplierName: suppliers.name,
        daysOverdue: days.mapWith(Number),
        balance: sql<number>`sum(${purchaseInvoices.total} - ${purchaseInvoices.paidTotal})::bigint`.mapWith(Number),
      })
      .from(purchaseInvoices)
      .innerJoin(suppliers, and(eq(suppliers.businessId, purchaseInvoices.businessId), eq(suppliers.id, purchaseInvoices.supplierId)))
      .where(and(eq(purchaseInvoices.businessId, businessId), OPEN))
      // By position: the days expression carries its own parameter, which GROUP BY would not see as the same.
      .groupBy(sql.raw('1, 2, 3'));
  },

  async all(tx: Tx, businessId: string) {
    return tx
      .select({ invoice: purchaseInvoices, supplierName: suppliers.name })
      .from(purchaseInvoices)
      .innerJoin(suppliers, and(eq(suppliers.businessId, purchaseInvoices.businessId), eq(suppliers.id, purchaseInvoices.supplierId)))
      .where(eq(purchaseInvoices.businessId, businessId))
      .orderBy(asc(purchaseInvoices.dueDate), asc(purchaseInvoices.id));
  },

  async paymentsOf(tx: Tx, invoiceId: string) {
    return tx.select().from(supplierPayments).where(eq(supplierPayments.invoiceId, invoiceId)).orderBy(asc(supplierPayments.paidOn), asc(supplierPayments.createdAt));
  },

  async findPaymentByKey(tx: Tx, businessId: string, key: string) {
    const [row] = await tx
      .select()
      .from(supplierPayments)
      .where(and(eq(supplierPayments.businessId, businessId), eq(supplierPayments.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  },

  async insertPayment(tx: Tx, values: typeof supplierPayments.$inferInsert) {
    const [row] = await tx.insert(supplierPayments).values(values).returning();
    return row!;
  },

  async setAttachment(tx: Tx, invoiceId: string, name: string | null) {
    await tx.update(purchaseInvoices).set({ attachmentName: name }).where(eq(purchaseInvoices.id, invoiceId));
  },

  async addPaid(tx: Tx, invoiceId: string, amount: number) {
    await tx
      .update(purchaseInvoices)
      .set({ paidTotal: sql`${purchaseInvoices.paidTotal} + ${amount}` })
      .where(eq(purchaseInvoices.id, invoiceId));
  },
};

import { safeTimeZone } from '@till/core';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { categories, customers, orderLines, orders, payments, products, salesHistoryImports } from '../../db/schema/index.ts';

export type ImportRow = typeof salesHistoryImports.$inferSelect;
export type NewOrder = typeof orders.$inferInsert;
export type NewLine = Omit<typeof orderLines.$inferInsert, 'orderId'>;
export type NewPayment = Omit<typeof payments.$inferInsert, 'orderId'>;

/** Sales-history import: the only place its SQL lives. */
export const salesHistoryRepository = {
  async findBusiness(tx: Tx, businessId: string) {
    const result = await tx.execute(sql`select currency, time_zone from businesses where id = ${businessId}`);
    const [row] = (result as unknown as { rows: { currency: string; time_zone: string }[] }).rows;
    return row ? { currency: row.currency, timeZone: safeTimeZone(row.time_zone) } : null;
  },

  async findImportByKey(tx: Tx, businessId: string, idempotencyKey: string): Promise<ImportRow | undefined> {
    const [row] = await tx
      .select()
      .from(salesHistoryImports)
      .where(and(eq(salesHistoryImports.businessId, businessId), eq(salesHistoryImports.idempotencyKey, idempotencyKey)));
    return row;
  },

  async insertImport(tx: Tx, row: typeof salesHistoryImports.$inferInsert): Promise<string> {
    const [inserted] = await tx.insert(salesHistoryImports).values(row).returning({ id: salesHistoryImports.id });
    return inserted!.id;
  },

  async finishImport(tx: Tx, businessId: string, id: string, result: Record<string, unknown>) {
    await tx
      .update(salesHistoryImports)
      .set({ status: 'done', result })
      .where(and(eq(salesHistoryImports.businessId, businessId), eq(salesHistoryImports.id, id)));
  },

  /** Deletes an unfinished import; its orders, their lines and payments go with it (cascade). */
  async deleteImport(tx: Tx, businessId: string, id: string) {
    await tx.delete(salesHistoryImports).where(and(eq(salesHistoryImports.businessId, businessId), eq(salesHistoryImports.id, id)));
  },

  /** Orders of other systems already imported, by their ids there. */
  async findImportedRefs(tx: Tx, businessId: string, refs: string[]): Promise<string[]> {
    if (refs.length === 0) return [];
    const rows = await tx
      .select({ ref: orders.externalRef })
      .from(orders)
      .where(and(eq(orders.businessId, businessId), isNotNull(orders.externalRef), inArray(orders.externalRef, refs)));
    return rows.map((row) => row.ref!);
  },

  /** Products a file names by code (SKU or barcode) or by name (any case). */
  async findProducts(tx: Tx, businessId: string, codes: string[], lowerNames: string[]) {
    const columns = { id: products.id, name: products.name, sku: products.sku, barcode: products.barcode, searchName: products.searchName };
    const byCode = codes.length
      ? await tx
          .select(columns)
          .from(products)
          .where(and(eq(products.businessId, businessId), sql`(${inArray(products.sku, codes)} or ${inArray(products.barcode, codes)})`))
      : [];
    const byName = lowerNames.length
      ? await tx
          .select(columns)
          .from(products)
          .where(and(eq(products.businessId, businessId), inArray(products.searchName, lowerNames)))
          .orderBy(sql`${products.isActive} desc`, products.createdAt)
      : [];
    return { byCode, byName };
  },

  async findCustomers(tx: Tx, businessId: string, lowerEmails: string[], lowerNames: string[]) {
    const columns = { id: customers.id, name: customers.name, email: customers.email };
    const byEmail = lowerEmails.length
      ? await tx
          .select(columns)
          .from(customers)
          .where(and(eq(customers.businessId, businessId), inArray(sql<string>`lower(${customers.email})`, lowerEmails)))
      : [];
    const byName = lowerNames.length
      ? await tx
          .select(columns)
          .from(customers)
          .where(and(eq(customers.businessId, businessId), inArray(sql<string>`lower(${customers.name})`, lowerNames)))
          .orderBy(customers.createdAt)
      : [];
    return { byEmail, byName };
  },

  async findCategories(tx: Tx, businessId: string, lowerNames: string[]) {
    if (lowerNames.length === 0) return [];
    return tx
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(and(eq(categories.businessId, businessId), inArray(sql<string>`lower(${categories.name})`, lowerNames)));
  },

  async nextCategorySortOrder(tx: Tx, businessId: string): Promise<number> {
    const [row] = await tx
      .select({ next: sql<number>`coalesce(max(${categories.sortOrder}), -1)::int + 1` })
      .from(categories)
      .where(eq(categories.businessId, businessId));
    return Number(row?.next ?? 0);
  },

  async insertCategories(tx: Tx, rows: (typeof categories.$inferInsert)[]) {
    if (rows.length === 0) return [];
    return tx.insert(categories).values(rows).returning({ id: categories.id, name: categories.name });
  },

  async insertProducts(tx: Tx, rows: (typeof products.$inferInsert)[]) {
    if (rows.length === 0) return [];
    return tx.insert(products).values(rows).returning({ id: products.id });
  },

  async insertCustomers(tx: Tx, rows: (typeof customers.$inferInsert)[]) {
    if (rows.length === 0) return [];
    return tx.insert(customers).values(rows).returning({ id: customers.id });
  },

  /** Orders with their lines and payment, written in one statement each. */
  async insertOrders(tx: Tx, sales: { order: NewOrder; lines: NewLine[]; payment: NewPayment }[]) {
    if (sales.length === 0) return;
    const inserted = await tx
      .insert(orders)
      .values(sales.map((sale) => sale.order))
      .returning({ id: orders.id });
    const lines = sales.flatMap((sale, index) => sale.lines.map((line) => ({ ...line, orderId: inserted[index]!.id })));
    for (let start = 0; start < lines.length; start += 1000) await tx.insert(orderLines).values(lines.slice(start, start + 1000));
    await tx.insert(payments).values(sales.map((sale, index) => ({ ...sale.payment, orderId: inserted[index]!.id })));
  },

  async deleteProducts(tx: Tx, businessId: string, ids: string[]) {
    if (ids.length) await tx.delete(products).where(and(eq(products.businessId, businessId), inArray(products.id, ids)));
  },

  async deleteCustomers(tx: Tx, businessId: string, ids: string[]) {
    if (ids.length) await tx.delete(customers).where(and(eq(customers.businessId, businessId), inArray(customers.id, ids)));
  },

  async deleteCategories(tx: Tx, businessId: string, ids: string[]) {
    if (ids.length) await tx.delete(categories).where(and(eq(categories.businessId, businessId), inArray(categories.id, ids)));
  },
};

import { and, asc, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  auditLog,
  businesses,
  creditNoteLines,
  creditNotes,
  customers,
  invoiceCounters,
  invoiceLines,
  invoicePayments,
  invoices,
  orderLines,
  orders,
  taxRates,
} from '../../db/schema/index.ts';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type InvoicePaymentRow = typeof invoicePayments.$inferSelect;
export type CreditNoteRow = typeof creditNotes.$inferSelect;
export type CreditNoteLineRow = typeof creditNoteLines.$inferSelect;

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (char) => `\\${char}`);

/** The only code of the invoices module that touches SQL. Every query names the business as well as RLS fencing it. */
export const invoicesRepository = {
  async businessOf(tx: Tx, businessId: string) {
    const [row] = await tx.select({ name: businesses.name, currency: businesses.currency, timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
    return row!;
  },

  async findCustomer(tx: Tx, businessId: string, id: string) {
    const [row] = await tx.select().from(customers).where(and(eq(customers.businessId, businessId), eq(customers.id, id))).limit(1);
    return row ?? null;
  },

  async taxRatesByIds(tx: Tx, businessId: string, ids: string[]) {
    if (ids.length === 0) return [];
    return tx.select().from(taxRates).where(and(eq(taxRates.businessId, businessId), inArray(taxRates.id, ids)));
  },

  async taxRatesOf(tx: Tx, businessId: string) {
    return tx.select().from(taxRates).where(eq(taxRates.businessId, businessId));
  },

  async searchCustomers(tx: Tx, businessId: string, q: string | undefined, limit: number) {
    const text = q?.trim();
    const conditions: (SQL | undefined)[] = [eq(customers.businessId, businessId)];
    if (text) conditions.push(or(ilike(customers.name, `%${escapeLike(text)}%`), ilike(customers.email, `%${escapeLike(text)}%`)));
    return tx
      .select({ id: customers.id, name: customers.name, email: customers.email })
      .from(customers)
      .where(and(...conditions))
      .orderBy(asc(sql`lower(${customers.name})`), asc(customers.id))
      .limit(limit);
  },

  async recentCompletedOrders(tx: Tx, businessId: string, limit: number) {
    return tx
      .select({ id: orders.id, number: orders.number, total: orders.total, paidAt: orders.paidAt, customerName: customers.name })
      .from(orders)
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .where(and(eq(orders.businessId, businessId), inArray(orders.status, ['paid', 'partially_refunded'])))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(limit);
  },

  async findOrder(tx: Tx, businessId: string, id: string) {
    const [row] = await tx.select().from(orders).where(and(eq(orders.businessId, businessId), eq(orders.id, id))).limit(1);
    return row ?? null;
  },

  async orderLinesOf(tx: Tx, orderId: string) {
    return tx.select().from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(asc(orderLines.position));
  },

  async find(tx: Tx, businessId: string, id: string, lock = false) {
    const query = tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.businessId, businessId), eq(invoices.id, id)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async insert(tx: Tx, values: typeof invoices.$inferInsert) {
    const [row] = await tx.insert(invoices).values(values).returning();
    return row!;
  },

  async update(tx: Tx, businessId: string, id: string, values: Partial<typeof invoices.$inferInsert>) {
    await tx
      .update(invoices)
      .set({ ...values, updatedAt: new Date() })
      .where(and(eq(invoices.businessId, businessId), eq(invoices.id, id)));
  },

  async remove(tx: Tx, businessId: string, id: string) {
    await tx.delete(invoices).where(and(eq(invoices.businessId, businessId), eq(invoices.id, id)));
  },

  async linesOf(tx: Tx, invoiceId: string) {
    return tx.select().from(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId)).orderBy(asc(invoiceLines.position));
  },

  async replaceLines(tx: Tx, invoiceId: string, lines: (typeof invoiceLines.$inferInsert)[]) {
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
    if (lines.length > 0) await tx.insert(invoiceLines).values(lines);
  },

  async addCredited(tx: Tx, lineId: string, amounts: { quantity: number; net: number; tax: number }) {
    await tx
      .update(invoiceLines)
      .set({
        creditedQuantity: sql`${invoiceLines.creditedQuantity} + ${amounts.quantity}`,
        creditedNet: sql`${invoiceLines.creditedNet} + ${amounts.net}`,
        creditedTax: sql`${invoiceLines.creditedTax} + ${amounts.tax}`,
      })
      .where(eq(invoiceLines.id, lineId));
  },

  /** The next number of a series, in the caller's transaction: a rollback gives it back, and the row lock makes concurrent issues wait their turn. */
  async nextNumber(tx: Tx, businessId: string, series: 'invoice' | 'credit_note'): Promise<number> {
    const column = series === 'invoice' ? invoiceCounters.lastInvoiceNumber : invoiceCounters.lastCreditNoteNumber;
    const key = series === 'invoice' ? 'lastInvoiceNumber' : 'lastCreditNoteNumber';
    const [row] = await tx
      .insert(invoiceCounters)
      .values({ businessId, [key]: 1 })
      .onConflictDoUpdate({ target: invoiceCounters.businessId, set: { [key]: sql`${column} + 1` } })
      .returning({ number: column });
    return row!.number;
  },

  async paymentsOf(tx: Tx, invoiceId: string) {
    return tx.select().from(invoicePayments).where(eq(invoicePayments.invoiceId, invoiceId)).orderBy(asc(invoicePayments.createdAt));
  },

  /** Unpaid issued invoices for the till (decision 038), by number or customer name, newest first. */
  async payableAtTill(tx: Tx, businessId: string, q: string | undefined, limit: number) {
    const filters: SQL[] = [
      eq(invoices.businessId, businessId),
      inArray(invoices.status, ['issued', 'sent', 'partly_paid']),
      sql`${invoices.total} - ${invoices.paidTotal} - ${invoices.creditedTotal} > 0`,
    ];
    const text = q?.trim();
    if (text) {
      const digits = /^(?:inv-?)?0*(\d{1,9})$/i.exec(text);
      const byName = ilike(invoices.customerName, `%${escapeLike(text)}%`);
      filters.push(digits ? or(eq(invoices.number, Number(digits[1])), byName)! : byName);
    }
    return tx
      .select()
      .from(invoices)
      .where(and(...filters))
      .orderBy(desc(invoices.number))
      .limit(limit);
  },

  /**
   * Takes the invoice for a till's checkout key (decision 038), unless another till holds a fresh
   * claim; answers whether this key holds it now.
   */
  async claimForTill(tx: Tx, businessId: string, id: string, key: string, staleBefore: Date, now: Date) {
    const rows = await tx
      .update(invoices)
      .set({ tillClaimKey: key, tillClaimedAt: now })
      .where(
        and(
          eq(invoices.businessId, businessId),
          eq(invoices.id, id),
          or(isNull(invoices.tillClaimKey), eq(invoices.tillClaimKey, key), lt(invoices.tillClaimedAt, staleBefore)),
        ),
      )
      .returning({ id: invoices.id });
    return rows.length > 0;
  },

  async releaseTillClaim(tx: Tx, businessId: string, id: string, key: string) {
    await tx
      .update(invoices)
      .set({ tillClaimKey: null, tillClaimedAt: null })
      .where(and(eq(invoices.businessId, businessId), eq(invoices.id, id), eq(invoices.tillClaimKey, key)));
  },

  async findPaymentByKey(tx: Tx, businessId: string, key: string) {
    const [row] = await tx
      .select()
      .from(invoicePayments)
      .where(and(eq(invoicePayments.businessId, businessId), eq(invoicePayments.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  },

  async insertPayment(tx: Tx, values: typeof invoicePayments.$inferInsert) {
    await tx.insert(invoicePayments).values(values);
  },

  async creditNotesOf(tx: Tx, invoiceId: string) {
    return tx.select().from(creditNotes).where(eq(creditNotes.invoiceId, invoiceId)).orderBy(asc(creditNotes.number));
  },

  async creditNoteLinesOf(tx: Tx, creditNoteIds: string[]) {
    if (creditNoteIds.length === 0) return [];
    return tx.select().from(creditNoteLines).where(inArray(creditNoteLines.creditNoteId, creditNoteIds));
  },

  async findCreditNoteByKey(tx: Tx, businessId: string, key: string) {
    const [row] = await tx
      .select()
      .from(creditNotes)
      .where(and(eq(creditNotes.businessId, businessId), eq(creditNotes.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  },

  async insertCreditNote(tx: Tx, values: typeof creditNotes.$inferInsert, lines: Omit<typeof creditNoteLines.$inferInsert, 'creditNoteId'>[]) {
    const [note] = await tx.insert(creditNotes).values(values).returning();
    await tx.insert(creditNoteLines).values(lines.map((line) => ({ ...line, creditNoteId: note!.id })));
    return note!;
  },

  async search(
    tx: Tx,
    businessId: string,
    search: { statuses: string[] | null; overdueBefore: string | null; dueFrom: string | null; q: string | undefined; limit: number; offset: number },
  ) {
    const conditions: (SQL | undefined)[] = [eq(invoices.businessId, businessId)];
    if (search.statuses) conditions.push(inArray(invoices.status, search.statuses as (typeof invoices.$inferSelect.status)[]));
    if (search.overdueBefore) conditions.push(isNotNull(invoices.dueDate), lt(invoices.dueDate, search.overdueBefore));
    if (search.dueFrom) conditions.push(or(isNull(invoices.dueDate), gte(invoices.dueDate, search.dueFrom)));
    const q = search.q?.trim();
    if (q) {
      const pattern = `%${escapeLike(q)}%`;
      const digits = /^(?:inv-?)?0*(\d{1,9})$/i.exec(q)?.[1];
      conditions.push(or(ilike(invoices.customerName, pattern), ilike(invoices.customerEmail, pattern), ...(digits ? [eq(invoices.number, Number(digits))] : [])));
    }
    return tx
      .select()
      .from(invoices)
      .where(and(...conditions))
      .orderBy(desc(invoices.createdAt), desc(invoices.id))
      .limit(search.limit)
      .offset(search.offset);
  },

  /** What is still owed on open invoices, in all and past their due date. */
  async outstanding(tx: Tx, businessId: string, today: string) {
    const owed = sql<number>`greatest(${invoices.total} - ${invoices.paidTotal} - ${invoices.creditedTotal}, 0)`;
    const [row] = await tx
      .select({
        outstanding: sql<string>`coalesce(sum(${owed}), 0)`,
        overdue: sql<string>`coalesce(sum(${owed}) filter (where ${invoices.dueDate} < ${today}), 0)`,
        openCount: sql<number>`count(*)::int`,
        overdueCount: sql<number>`(count(*) filter (where ${invoices.dueDate} < ${today}))::int`,
      })
      .from(invoices)
      .where(and(eq(invoices.businessId, businessId), inArray(invoices.status, ['issued', 'sent', 'partly_paid'])));
    return { outstanding: Number(row!.outstanding), overdue: Number(row!.overdue), openCount: row!.openCount, overdueCount: row!.overdueCount };
  },

  async insertAudit(tx: Tx, row: typeof auditLog.$inferInsert) {
    await tx.insert(auditLog).values(row);
  },
};

import { and, asc, eq, inArray, isNull, lt, or } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, diningAreas, diningTables, kitchenBillParts, kitchenTickets, orders } from '../../db/schema/index.ts';

export type AreaRow = typeof diningAreas.$inferSelect;
export type TableRow = typeof diningTables.$inferSelect;
export type BillPartRow = typeof kitchenBillParts.$inferSelect;

/** The only place the dining module touches SQL (decision 036). Every query runs inside withTenant. */
export const diningRepository = {
  areas(tx: Tx, businessId: string) {
    return tx.select().from(diningAreas).where(eq(diningAreas.businessId, businessId)).orderBy(asc(diningAreas.position), asc(diningAreas.name));
  },

  async findArea(tx: Tx, businessId: string, id: string) {
    const [row] = await tx.select().from(diningAreas).where(and(eq(diningAreas.businessId, businessId), eq(diningAreas.id, id)));
    return row ?? null;
  },

  async insertArea(tx: Tx, row: typeof diningAreas.$inferInsert) {
    const [inserted] = await tx.insert(diningAreas).values(row).returning();
    return inserted!;
  },

  async updateArea(tx: Tx, businessId: string, id: string, changes: Partial<typeof diningAreas.$inferInsert>) {
    const [row] = await tx.update(diningAreas).set(changes).where(and(eq(diningAreas.businessId, businessId), eq(diningAreas.id, id))).returning();
    return row ?? null;
  },

  async deleteArea(tx: Tx, businessId: string, id: string) {
    const rows = await tx.delete(diningAreas).where(and(eq(diningAreas.businessId, businessId), eq(diningAreas.id, id))).returning({ id: diningAreas.id });
    return rows.length > 0;
  },

  tables(tx: Tx, businessId: string) {
    return tx.select().from(diningTables).where(eq(diningTables.businessId, businessId)).orderBy(asc(diningTables.name));
  },

  async findTable(tx: Tx, businessId: string, id: string) {
    const [row] = await tx.select().from(diningTables).where(and(eq(diningTables.businessId, businessId), eq(diningTables.id, id)));
    return row ?? null;
  },

  async insertTable(tx: Tx, row: typeof diningTables.$inferInsert) {
    const [inserted] = await tx.insert(diningTables).values(row).returning();
    return inserted!;
  },

  async updateTable(tx: Tx, businessId: string, id: string, changes: Partial<typeof diningTables.$inferInsert>) {
    const [row] = await tx.update(diningTables).set(changes).where(and(eq(diningTables.businessId, businessId), eq(diningTables.id, id))).returning();
    return row ?? null;
  },

  async deleteTable(tx: Tx, businessId: string, id: string) {
    const rows = await tx.delete(diningTables).where(and(eq(diningTables.businessId, businessId), eq(diningTables.id, id))).returning({ id: diningTables.id });
    return rows.length > 0;
  },

  /** Open tickets sitting on one of the given tables (or on any table when no ids are given). */
  async openTicketsOnTables(tx: Tx, businessId: string, tableIds: string[]) {
    if (tableIds.length === 0) return [];
    const onTable = inArray(kitchenTickets.tableId, tableIds);
    return tx
      .select()
      .from(kitchenTickets)
      .where(and(eq(kitchenTickets.businessId, businessId), eq(kitchenTickets.status, 'open'), onTable));
  },

  // ---- split bills

  partsOf(tx: Tx, businessId: string, ticketIds: string[]) {
    if (ticketIds.length === 0) return Promise.resolve([] as BillPartRow[]);
    return tx
      .select()
      .from(kitchenBillParts)
      .where(and(eq(kitchenBillParts.businessId, businessId), inArray(kitchenBillParts.ticketId, ticketIds)))
      .orderBy(asc(kitchenBillParts.position));
  },

  async insertParts(tx: Tx, rows: (typeof kitchenBillParts.$inferInsert)[]) {
    if (rows.length) await tx.insert(kitchenBillParts).values(rows);
  },

  async deleteParts(tx: Tx, businessId: string, ticketId: string) {
    await tx.delete(kitchenBillParts).where(and(eq(kitchenBillParts.businessId, businessId), eq(kitchenBillParts.ticketId, ticketId)));
  },

  /** Takes one part for this checkout key (or one whose claim went stale); false when another till holds it or it is paid. */
  async claimPart(tx: Tx, businessId: string, ticketId: string, partId: string, key: string, staleBefore: Date) {
    const [row] = await tx
      .update(kitchenBillParts)
      .set({ paymentKey: key, paymentClaimedAt: new Date() })
      .where(
        and(
          eq(kitchenBillParts.businessId, businessId),
          eq(kitchenBillParts.ticketId, ticketId),
          eq(kitchenBillParts.id, partId),
          isNull(kitchenBillParts.orderId),
          or(isNull(kitchenBillParts.paymentKey), eq(kitchenBillParts.paymentKey, key), lt(kitchenBillParts.paymentClaimedAt, staleBefore)),
        ),
      )
      .returning({ id: kitchenBillParts.id });
    return Boolean(row);
  },

  async findPart(tx: Tx, businessId: string, ticketId: string, partId: string) {
    const [row] = await tx
      .select()
      .from(kitchenBillParts)
      .where(and(eq(kitchenBillParts.businessId, businessId), eq(kitchenBillParts.ticketId, ticketId), eq(kitchenBillParts.id, partId)));
    return row ?? null;
  },

  async markPartPaid(tx: Tx, businessId: string, partId: string, key: string, orderId: string, now: Date) {
    const [row] = await tx
      .update(kitchenBillParts)
      .set({ orderId, paidAt: now })
      .where(and(eq(kitchenBillParts.businessId, businessId), eq(kitchenBillParts.id, partId), eq(kitchenBillParts.paymentKey, key), isNull(kitchenBillParts.orderId)))
      .returning();
    return row ?? null;
  },

  async releasePart(tx: Tx, businessId: string, partId: string, key: string) {
    await tx
      .update(kitchenBillParts)
      .set({ paymentKey: null, paymentClaimedAt: null })
      .where(and(eq(kitchenBillParts.businessId, businessId), eq(kitchenBillParts.id, partId), eq(kitchenBillParts.paymentKey, key), isNull(kitchenBillParts.orderId)));
  },

  async orderKey(tx: Tx, businessId: string, orderId: string) {
    const [row] = await tx.select({ key: orders.idempotencyKey }).from(orders).where(and(eq(orders.businessId, businessId), eq(orders.id, orderId)));
    return row?.key ?? null;
  },

  async lockTicket(tx: Tx, businessId: string, id: string) {
    const [row] = await tx.select().from(kitchenTickets).where(and(eq(kitchenTickets.businessId, businessId), eq(kitchenTickets.id, id))).for('update');
    return row ?? null;
  },

  async updateTicket(tx: Tx, businessId: string, id: string, changes: Partial<typeof kitchenTickets.$inferInsert>) {
    const [row] = await tx
      .update(kitchenTickets)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(kitchenTickets.businessId, businessId), eq(kitchenTickets.id, id)))
      .returning();
    return row!;
  },

  async insertAudit(tx: Tx, row: typeof auditLog.$inferInsert) {
    await tx.insert(auditLog).values(row);
  },
};

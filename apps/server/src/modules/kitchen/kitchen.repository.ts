import { and, asc, eq, gt, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, businesses, categories, kitchenStageLists, kitchenStations, kitchenTicketItems, kitchenTickets, orders, products, taxRates } from '../../db/schema/index.ts';

export type TicketRow = typeof kitchenTickets.$inferSelect;
export type TicketItemRow = typeof kitchenTicketItems.$inferSelect;
export type StationRow = typeof kitchenStations.$inferSelect;
export type ItemWithPrice = TicketItemRow & { unitPrice: number | null; taxRateBasisPoints: number };

/** The only place the kitchen module touches SQL (decision 026). Every query runs inside withTenant. */
export const kitchenRepository = {
  async timeZoneOf(tx: Tx, businessId: string): Promise<string> {
    const [row] = await tx.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
    return row?.timeZone ?? 'UTC';
  },

  async productsFor(tx: Tx, businessId: string, ids: string[]) {
    if (ids.length === 0) return [];
    return tx
      .select({ id: products.id, name: products.name, categoryId: products.categoryId, price: products.price, modifierGroups: products.modifierGroups })
      .from(products)
      .where(and(eq(products.businessId, businessId), inArray(products.id, ids), eq(products.isActive, true)));
  },

  /** Serialises numbering of one business's tickets of one day (released at commit). */
  async nextTicketNumber(tx: Tx, businessId: string, businessDay: string): Promise<number> {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`kitchen:${businessId}:${businessDay}`}))`);
    const [row] = await tx
      .select({ last: sql<number>`coalesce(max(${kitchenTickets.number}), 0)`.mapWith(Number) })
      .from(kitchenTickets)
      .where(and(eq(kitchenTickets.businessId, businessId), eq(kitchenTickets.businessDay, businessDay)));
    return (row?.last ?? 0) + 1;
  },

  async findTicketByKey(tx: Tx, businessId: string, key: string) {
    const [row] = await tx.select().from(kitchenTickets).where(and(eq(kitchenTickets.businessId, businessId), eq(kitchenTickets.idempotencyKey, key)));
    return row ?? null;
  },

  async findTicket(tx: Tx, businessId: string, id: string, forUpdate = false) {
    const query = tx.select().from(kitchenTickets).where(and(eq(kitchenTickets.businessId, businessId), eq(kitchenTickets.id, id)));
    const [row] = forUpdate ? await query.for('update') : await query;
    return row ?? null;
  },

  async insertTicket(tx: Tx, row: typeof kitchenTickets.$inferInsert) {
    const [inserted] = await tx.insert(kitchenTickets).values(row).returning();
    return inserted!;
  },

  async updateTicket(tx: Tx, businessId: string, id: string, changes: Partial<typeof kitchenTickets.$inferInsert>) {
    await tx
      .update(kitchenTickets)
      .set({ ...changes, updatedAt: new Date() })
      .where(and(eq(kitchenTickets.businessId, businessId), eq(kitchenTickets.id, id)));
  },

  async insertItems(tx: Tx, rows: (typeof kitchenTicketItems.$inferInsert)[]) {
    if (rows.length) await tx.insert(kitchenTicketItems).values(rows);
  },

  async lastRound(tx: Tx, businessId: string, ticketId: string): Promise<number> {
    const [row] = await tx
      .select({ last: sql<number>`coalesce(max(${kitchenTicketItems.round}), 0)`.mapWith(Number) })
      .from(kitchenTicketItems)
      .where(and(eq(kitchenTicketItems.businessId, businessId), eq(kitchenTicketItems.ticketId, ticketId)));
    return row?.last ?? 0;
  },

  async itemsOf(tx: Tx, businessId: string, ticketIds: string[]): Promise<ItemWithPrice[]> {
    if (ticketIds.length === 0) return [];
    const rows = await tx
      .select({ item: kitchenTicketItems, unitPrice: products.price, taxRateBasisPoints: taxRates.basisPoints })
      .from(kitchenTicketItems)
      .leftJoin(products, eq(products.id, kitchenTicketItems.productId))
      .leftJoin(taxRates, eq(taxRates.id, products.taxRateId))
      .where(and(eq(kitchenTicketItems.businessId, businessId), inArray(kitchenTicketItems.ticketId, ticketIds)))
      .orderBy(asc(kitchenTicketItems.round), asc(kitchenTicketItems.position));
    return rows.map((row) => ({ ...row.item, unitPrice: row.unitPrice ?? null, taxRateBasisPoints: row.taxRateBasisPoints ?? 0 }));
  },

  async updateItem(tx: Tx, businessId: string, id: string, changes: Partial<typeof kitchenTicketItems.$inferInsert>) {
    await tx
      .update(kitchenTicketItems)
      .set(changes)
      .where(and(eq(kitchenTicketItems.businessId, businessId), eq(kitchenTicketItems.id, id)));
  },

  async updateItems(tx: Tx, businessId: string, ids: string[], changes: Partial<typeof kitchenTicketItems.$inferInsert>) {
    if (ids.length === 0) return;
    await tx
      .update(kitchenTicketItems)
      .set(changes)
      .where(and(eq(kitchenTicketItems.businessId, businessId), inArray(kitchenTicketItems.id, ids)));
  },

  /**
   * What the display shows: every ticket still on the line (paid or not: a takeaway is often paid
   * first) sent in the last day, and those that reached a stage since `since` (served ones, for a recall).
   */
  async boardTickets(tx: Tx, businessId: string, since: Date, dayAgo: Date) {
    return tx
      .select()
      .from(kitchenTickets)
      .where(
        and(
          eq(kitchenTickets.businessId, businessId),
          sql`${kitchenTickets.status} <> 'cancelled'`,
          or(and(sql`${kitchenTickets.stage} <> 'served'`, gt(kitchenTickets.createdAt, dayAgo)), gt(kitchenTickets.stageChangedAt, since)),
        ),
      )
      .orderBy(asc(kitchenTickets.createdAt))
      .limit(300);
  },

  /** Open (unpaid) tickets, for the till. */
  async openTickets(tx: Tx, businessId: string) {
    return tx
      .select()
      .from(kitchenTickets)
      .where(and(eq(kitchenTickets.businessId, businessId), eq(kitchenTickets.status, 'open')))
      .orderBy(asc(kitchenTickets.createdAt))
      .limit(300);
  },

  // ---- paying a ticket at the till

  /** Takes the ticket for this checkout key (or one whose claim went stale); null when another till holds it or it is not open. */
  async claimForPayment(tx: Tx, businessId: string, id: string, key: string, staleBefore: Date) {
    const [row] = await tx
      .update(kitchenTickets)
      .set({ paymentKey: key, paymentClaimedAt: new Date() })
      .where(
        and(
          eq(kitchenTickets.businessId, businessId),
          eq(kitchenTickets.id, id),
          eq(kitchenTickets.status, 'open'),
          or(isNull(kitchenTickets.paymentKey), eq(kitchenTickets.paymentKey, key), lt(kitchenTickets.paymentClaimedAt, staleBefore)),
        ),
      )
      .returning({ id: kitchenTickets.id });
    return Boolean(row);
  },

  /** The idempotency key of the sale that paid this ticket, if any. */
  async payingOrderKey(tx: Tx, businessId: string, orderId: string) {
    const [row] = await tx.select({ key: orders.idempotencyKey }).from(orders).where(and(eq(orders.businessId, businessId), eq(orders.id, orderId)));
    return row?.key ?? null;
  },

  async markPaid(tx: Tx, businessId: string, id: string, key: string, orderId: string) {
    const [row] = await tx
      .update(kitchenTickets)
      .set({ status: 'paid', orderId, paymentKey: null, paymentClaimedAt: null, updatedAt: new Date() })
      .where(and(eq(kitchenTickets.businessId, businessId), eq(kitchenTickets.id, id), eq(kitchenTickets.paymentKey, key), eq(kitchenTickets.status, 'open')))
      .returning();
    return row ?? null;
  },

  async releaseClaim(tx: Tx, businessId: string, id: string, key: string) {
    await tx
      .update(kitchenTickets)
      .set({ paymentKey: null, paymentClaimedAt: null })
      .where(and(eq(kitchenTickets.businessId, businessId), eq(kitchenTickets.id, id), eq(kitchenTickets.paymentKey, key), eq(kitchenTickets.status, 'open')));
  },

  // ---- the stage list (decision 036)

  async stageList(tx: Tx, businessId: string) {
    const [row] = await tx.select().from(kitchenStageLists).where(eq(kitchenStageLists.businessId, businessId));
    return row ?? null;
  },

  /** Locks the business's list row (or its absence, via the business row) while it changes. */
  async lockStageList(tx: Tx, businessId: string) {
    await tx.select({ id: businesses.id }).from(businesses).where(eq(businesses.id, businessId)).for('update');
  },

  async saveStageList(tx: Tx, businessId: string, stages: string[], readyIndex: number, now: Date) {
    await tx
      .insert(kitchenStageLists)
      .values({ businessId, stages, readyIndex, updatedAt: now })
      .onConflictDoUpdate({ target: kitchenStageLists.businessId, set: { stages, readyIndex, updatedAt: now } });
  },

  async openTicketsForUpdate(tx: Tx, businessId: string) {
    return tx
      .select()
      .from(kitchenTickets)
      .where(and(eq(kitchenTickets.businessId, businessId), eq(kitchenTickets.status, 'open')))
      .orderBy(asc(kitchenTickets.createdAt))
      .for('update');
  },

  // ---- stations

  async stations(tx: Tx, businessId: string) {
    return tx.select().from(kitchenStations).where(eq(kitchenStations.businessId, businessId)).orderBy(asc(kitchenStations.name));
  },

  async findStation(tx: Tx, businessId: string, id: string) {
    const [row] = await tx.select().from(kitchenStations).where(and(eq(kitchenStations.businessId, businessId), eq(kitchenStations.id, id)));
    return row ?? null;
  },

  async insertStation(tx: Tx, row: typeof kitchenStations.$inferInsert) {
    const [inserted] = await tx.insert(kitchenStations).values(row).returning();
    return inserted!;
  },

  async updateStation(tx: Tx, businessId: string, id: string, changes: Partial<typeof kitchenStations.$inferInsert>) {
    const [row] = await tx
      .update(kitchenStations)
      .set(changes)
      .where(and(eq(kitchenStations.businessId, businessId), eq(kitchenStations.id, id)))
      .returning();
    return row ?? null;
  },

  async deleteStation(tx: Tx, businessId: string, id: string) {
    const rows = await tx
      .delete(kitchenStations)
      .where(and(eq(kitchenStations.businessId, businessId), eq(kitchenStations.id, id)))
      .returning({ id: kitchenStations.id });
    return rows.length > 0;
  },

  async categoriesExist(tx: Tx, businessId: string, ids: string[]) {
    if (ids.length === 0) return [];
    const rows = await tx.select({ id: categories.id }).from(categories).where(and(eq(categories.businessId, businessId), inArray(categories.id, ids)));
    return rows.map((row) => row.id);
  },

  async insertAudits(tx: Tx, rows: (typeof auditLog.$inferInsert)[]) {
    if (rows.length > 0) await tx.insert(auditLog).values(rows);
  },
};

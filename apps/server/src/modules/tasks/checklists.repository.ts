import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import { auditLog, businesses, checklistItems, checklists, checklistTicks, employees, registers, stores } from '../../db/schema/index.ts';

export type ChecklistRow = typeof checklists.$inferSelect;
export type ChecklistItemRow = typeof checklistItems.$inferSelect;

/** Checklists, their items and the day's ticks, inside one business's transaction. */
export const checklistsRepository = {
  async list(tx: Tx, businessId: string): Promise<ChecklistRow[]> {
    return tx
      .select()
      .from(checklists)
      .where(eq(checklists.businessId, businessId))
      .orderBy(sql`case ${checklists.kind} when 'opening' then 0 when 'other' then 1 else 2 end`, sql`lower(${checklists.name})`, asc(checklists.id));
  },

  async find(tx: Tx, businessId: string, id: string, lock = false): Promise<ChecklistRow | null> {
    const query = tx.select().from(checklists).where(and(eq(checklists.businessId, businessId), eq(checklists.id, id)));
    const [row] = await (lock ? query.for('update') : query).limit(1);
    return row ?? null;
  },

  async insert(tx: Tx, values: typeof checklists.$inferInsert): Promise<ChecklistRow> {
    const [row] = await tx.insert(checklists).values(values).returning();
    return row!;
  },

  async update(tx: Tx, businessId: string, id: string, values: Partial<typeof checklists.$inferInsert>) {
    await tx.update(checklists).set(values).where(and(eq(checklists.businessId, businessId), eq(checklists.id, id)));
  },

  async delete(tx: Tx, businessId: string, id: string) {
    await tx.delete(checklists).where(and(eq(checklists.businessId, businessId), eq(checklists.id, id)));
  },

  async itemsOf(tx: Tx, businessId: string, checklistIds: readonly string[]): Promise<ChecklistItemRow[]> {
    if (checklistIds.length === 0) return [];
    return tx
      .select()
      .from(checklistItems)
      .where(and(eq(checklistItems.businessId, businessId), inArray(checklistItems.checklistId, [...checklistIds])))
      .orderBy(asc(checklistItems.position), asc(checklistItems.id));
  },

  /** Keeps the listed items (id → position), deletes the checklist's others, and adds the new ones. */
  async replaceItems(tx: Tx, businessId: string, checklistId: string, items: { id: string | null; text: string }[]) {
    const keep = items.flatMap((item) => (item.id ? [item.id] : []));
    await tx
      .delete(checklistItems)
      .where(
        and(
          eq(checklistItems.businessId, businessId),
          eq(checklistItems.checklistId, checklistId),
          keep.length ? sql`${checklistItems.id} not in (${sql.join(keep.map((id) => sql`${id}::uuid`), sql`, `)})` : undefined,
        ),
      );
    for (const [position, item] of items.entries()) {
      if (item.id) {
        await tx.update(checklistItems).set({ position }).where(and(eq(checklistItems.businessId, businessId), eq(checklistItems.id, item.id)));
      }
    }
    const fresh = items.flatMap((item, position) => (item.id ? [] : [{ businessId, checklistId, position, text: item.text }]));
    if (fresh.length) await tx.insert(checklistItems).values(fresh);
  },

  async ticksOn(tx: Tx, businessId: string, storeId: string, day: string, itemIds: readonly string[]) {
    if (itemIds.length === 0) return [];
    return tx
      .select({ itemId: checklistTicks.itemId, doneAt: checklistTicks.doneAt, doneByEmployeeId: checklistTicks.doneByEmployeeId, employeeName: employees.fullName })
      .from(checklistTicks)
      .leftJoin(employees, and(eq(employees.businessId, checklistTicks.businessId), eq(employees.id, checklistTicks.doneByEmployeeId)))
      .where(
        and(eq(checklistTicks.businessId, businessId), eq(checklistTicks.storeId, storeId), eq(checklistTicks.day, day), inArray(checklistTicks.itemId, [...itemIds])),
      );
  },

  /** Ticks an item once per store and day: a second tick keeps the first (who and when). */
  async tick(tx: Tx, values: typeof checklistTicks.$inferInsert) {
    await tx.insert(checklistTicks).values(values).onConflictDoNothing();
  },

  async untick(tx: Tx, businessId: string, itemId: string, storeId: string, day: string) {
    await tx
      .delete(checklistTicks)
      .where(and(eq(checklistTicks.businessId, businessId), eq(checklistTicks.itemId, itemId), eq(checklistTicks.storeId, storeId), eq(checklistTicks.day, day)));
  },

  async activeStore(tx: Tx, businessId: string, storeId: string) {
    const [row] = await tx
      .select({ id: stores.id, name: stores.name, timeZone: stores.timeZone })
      .from(stores)
      .where(and(eq(stores.businessId, businessId), eq(stores.id, storeId), eq(stores.isActive, true)))
      .limit(1);
    return row ?? null;
  },

  /** The store a till belongs to, else the business's default store. */
  async storeOfRegisterOrDefault(tx: Tx, businessId: string, registerId: string | null) {
    if (registerId) {
      const [row] = await tx
        .select({ id: stores.id, name: stores.name, timeZone: stores.timeZone })
        .from(registers)
        .innerJoin(stores, and(eq(stores.businessId, registers.businessId), eq(stores.id, registers.storeId)))
        .where(and(eq(registers.businessId, businessId), eq(registers.id, registerId)))
        .limit(1);
      if (row) return row;
    }
    const [row] = await tx
      .select({ id: stores.id, name: stores.name, timeZone: stores.timeZone })
      .from(stores)
      .where(and(eq(stores.businessId, businessId), eq(stores.isDefault, true)))
      .limit(1);
    return row ?? null;
  },

  async businessTimeZone(tx: Tx, businessId: string): Promise<string> {
    const [row] = await tx.select({ timeZone: businesses.timeZone }).from(businesses).where(eq(businesses.id, businessId));
    return row?.timeZone ?? 'UTC';
  },

  async insertAudit(tx: Tx, values: typeof auditLog.$inferInsert) {
    await tx.insert(auditLog).values(values);
  },
};

import { and, asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { LoyaltySettings } from '@till/core';
import type { Tx } from '../../db/client.ts';
import { businessSettings, businesses, customers, giftCardEntries, giftCards, loyaltyAccounts, loyaltyEntries } from '../../db/schema/index.ts';

export type GiftCardRow = typeof giftCards.$inferSelect;
export type GiftCardEntryRow = typeof giftCardEntries.$inferSelect;
export type LoyaltyAccountRow = typeof loyaltyAccounts.$inferSelect;
export type LoyaltyEntryRow = typeof loyaltyEntries.$inferSelect;

/** Loyalty and gift cards' queries (decision 064); each runs on the request's fenced transaction. */
export const loyaltyRepository = {
  async settings(tx: Tx, businessId: string): Promise<{ loyalty: LoyaltySettings | null; currency: string } | null> {
    const [row] = await tx
      .select({ loyalty: businessSettings.loyalty, currency: businesses.currency })
      .from(businesses)
      .leftJoin(businessSettings, eq(businessSettings.businessId, businesses.id))
      .where(eq(businesses.id, businessId));
    return row ?? null;
  },

  async saveSettings(tx: Tx, businessId: string, loyalty: LoyaltySettings): Promise<void> {
    await tx.update(businessSettings).set({ loyalty, updatedAt: new Date() }).where(eq(businessSettings.businessId, businessId));
  },

  async customer(tx: Tx, businessId: string, customerId: string): Promise<{ id: string; name: string } | null> {
    const [row] = await tx
      .select({ id: customers.id, name: customers.name })
      .from(customers)
      .where(and(eq(customers.businessId, businessId), eq(customers.id, customerId)));
    return row ?? null;
  },

  async account(tx: Tx, businessId: string, customerId: string, lock = false): Promise<LoyaltyAccountRow | null> {
    const query = tx
      .select()
      .from(loyaltyAccounts)
      .where(and(eq(loyaltyAccounts.businessId, businessId), eq(loyaltyAccounts.customerId, customerId)));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async entriesOfCustomer(tx: Tx, businessId: string, customerId: string, limit: number): Promise<LoyaltyEntryRow[]> {
    return tx
      .select()
      .from(loyaltyEntries)
      .where(and(eq(loyaltyEntries.businessId, businessId), eq(loyaltyEntries.customerId, customerId)))
      .orderBy(desc(loyaltyEntries.createdAt), desc(loyaltyEntries.id))
      .limit(limit);
  },

  async entriesOfOrder(tx: Tx, businessId: string, orderId: string): Promise<LoyaltyEntryRow[]> {
    return tx
      .select()
      .from(loyaltyEntries)
      .where(and(eq(loyaltyEntries.businessId, businessId), eq(loyaltyEntries.orderId, orderId)))
      .orderBy(asc(loyaltyEntries.createdAt), asc(loyaltyEntries.id));
  },

  /** Adds signed points and spend to an account under its row lock; points never go below zero (the caller clamps). */
  async moveAccount(tx: Tx, businessId: string, customerId: string, change: { points: number; spend: number }): Promise<number> {
    const [row] = await tx
      .update(loyaltyAccounts)
      .set({
        points: sql`${loyaltyAccounts.points} + ${change.points}`,
        lifetimeSpend: sql`greatest(${loyaltyAccounts.lifetimeSpend} + ${change.spend}, 0)`,
        updatedAt: new Date(),
      })
      .where(and(eq(loyaltyAccounts.businessId, businessId), eq(loyaltyAccounts.customerId, customerId)))
      .returning({ points: loyaltyAccounts.points });
    return row!.points;
  },

  async insertEntry(tx: Tx, values: typeof loyaltyEntries.$inferInsert): Promise<void> {
    await tx.insert(loyaltyEntries).values(values);
  },

  async cardsByCodes(tx: Tx, businessId: string, codes: string[]): Promise<GiftCardRow[]> {
    if (!codes.length) return [];
    return tx
      .select()
      .from(giftCards)
      .where(and(eq(giftCards.businessId, businessId), inArray(giftCards.code, codes)));
  },

  async cardById(tx: Tx, businessId: string, id: string, lock = false): Promise<GiftCardRow | null> {
    const query = tx.select().from(giftCards).where(and(eq(giftCards.businessId, businessId), eq(giftCards.id, id)));
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async cards(tx: Tx, businessId: string, limit: number): Promise<GiftCardRow[]> {
    return tx
      .select()
      .from(giftCards)
      .where(eq(giftCards.businessId, businessId))
      .orderBy(desc(giftCards.createdAt), desc(giftCards.id))
      .limit(limit);
  },

  async cardEntries(tx: Tx, businessId: string, giftCardId: string): Promise<GiftCardEntryRow[]> {
    return tx
      .select()
      .from(giftCardEntries)
      .where(and(eq(giftCardEntries.businessId, businessId), eq(giftCardEntries.giftCardId, giftCardId)))
      .orderBy(asc(giftCardEntries.createdAt), asc(giftCardEntries.position), asc(giftCardEntries.id));
  },

  async cardEntriesOfOrder(tx: Tx, businessId: string, orderId: string): Promise<GiftCardEntryRow[]> {
    return tx
      .select()
      .from(giftCardEntries)
      .where(and(eq(giftCardEntries.businessId, businessId), eq(giftCardEntries.orderId, orderId)))
      .orderBy(asc(giftCardEntries.createdAt), asc(giftCardEntries.position), asc(giftCardEntries.id));
  },

  async cardsSoldInLines(tx: Tx, businessId: string, lineIds: string[]): Promise<GiftCardRow[]> {
    if (!lineIds.length) return [];
    return tx
      .select()
      .from(giftCards)
      .where(and(eq(giftCards.businessId, businessId), inArray(giftCards.orderLineId, lineIds)))
      .orderBy(asc(giftCards.id))
      .for('update');
  },

  /** Moves a card's balance by a signed amount under its row lock; null when that would take it below zero. */
  async moveCard(tx: Tx, businessId: string, id: string, amount: number): Promise<number | null> {
    const [row] = await tx
      .update(giftCards)
      .set({ balance: sql`${giftCards.balance} + ${amount}` })
      .where(and(eq(giftCards.businessId, businessId), eq(giftCards.id, id), sql`${giftCards.balance} + ${amount} >= 0`))
      .returning({ balance: giftCards.balance });
    return row ? row.balance : null;
  },

  async insertCardEntry(tx: Tx, values: typeof giftCardEntries.$inferInsert): Promise<void> {
    await tx.insert(giftCardEntries).values(values);
  },
};

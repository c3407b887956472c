import { sql } from 'drizzle-orm';
import type { ModifierGroup } from '@till/core';
import type { Db } from '../../db/client.ts';
import { toRowJson } from '../../db/row-json.ts';
import { auditLog, giftCardEntries, giftCards, orderEvents, orderLines, orders, payments, stockMovements } from '../../db/schema/index.ts';

export interface SaleContext {
  settings: { currency: string; pricesIncludeTax: boolean; allowNegativeStock: boolean } | null;
  existing: { id: string; requestHash: string | null } | null;
  customerExists: boolean;
  products: {
    id: string;
    name: string;
    sku: string | null;
    price: number;
    trackStock: boolean;
    taxRateBasisPoints: number;
    /** Decision 035: the chosen options are checked and priced against these. */
    modifierGroups: ModifierGroup[];
  }[];
}

/** One priced sale's rows, written by till_write_sale in one statement. */
export interface SaleRows {
  order: typeof orders.$inferInsert;
  paysParkedOrder: boolean;
  allowNegativeStock: boolean;
  lines: (typeof orderLines.$inferInsert)[];
  payments: (typeof payments.$inferInsert)[];
  stockMovements: (typeof stockMovements.$inferInsert)[];
  events: (typeof orderEvents.$inferInsert)[];
  audits: (typeof auditLog.$inferInsert)[];
  /** Units to take off each tracked product. */
  stockTakes: { productId: string; quantity: number }[];
  /**
   * The register's drawer session: 'required' (cash taken with cash_management on; none open
   * is SQLSTATE TL003), 'attach' (join the open one, if any) or 'none' (not sold on a register).
   */
  cashSession: 'required' | 'attach' | 'none';
  /** Decision 064: gift cards sold and their issue entries, cards spent, the customer's points. */
  giftCards: (typeof giftCards.$inferInsert)[];
  giftCardEntries: (typeof giftCardEntries.$inferInsert)[];
  giftCardRedemptions: { gift_card_id: string; entry_id: string; amount: number; position: number }[];
  loyalty: Record<string, unknown> | null;
}

const firstValue = <T>(result: unknown): T => {
  const row = (result as { rows: Record<string, unknown>[] }).rows[0]!;
  const value = Object.values(row)[0];
  // node-postgres parses jsonb; PGlite too, but be tolerant of a driver handing back text.
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
};

/**
 * The two statements of a sale (decision 007): what pricing reads, and the priced rows written in
 * one statement. Both fence themselves to the business, so they run outside a transaction.
 */
export const saleRepository = {
  /**
   * Everything checkout reads before pricing, in one round trip (migration 0009): the statement
   * fences itself to the business, so it runs outside a transaction.
   */
  async loadSaleContext(
    db: Db,
    businessId: string,
    input: { productIds: string[]; idempotencyKey: string; customerId: string | null },
  ): Promise<SaleContext> {
    // One array literal parameter (drizzle would spread a JS array into a list of parameters).
    const productIds = `{${input.productIds.join(',')}}`;
    return firstValue<SaleContext>(
      await db.execute(
        sql`select till_sale_context(${businessId}::uuid, ${productIds}::uuid[], ${input.idempotencyKey}::uuid, ${input.customerId}::uuid)`,
      ),
    );
  },

  /**
   * Writes a priced sale in one statement, hence one transaction (till_write_sale, migration
   * 0009), and returns its number. Throws SQLSTATE TL001 (stock) or TL002 (parked sale gone).
   */
  async writeSale(db: Db, businessId: string, sale: SaleRows): Promise<{ number: number; createdAt: Date; cashSessionId: string | null }> {
    const payload = {
      order: toRowJson(orders, sale.order),
      paysParkedOrder: sale.paysParkedOrder,
      allowNegativeStock: sale.allowNegativeStock,
      lines: sale.lines.map((row) => toRowJson(orderLines, row)),
      payments: sale.payments.map((row) => toRowJson(payments, row)),
      stockMovements: sale.stockMovements.map((row) => toRowJson(stockMovements, row)),
      events: sale.events.map((row) => toRowJson(orderEvents, row)),
      audits: sale.audits.map((row) => toRowJson(auditLog, row)),
      stockTakes: sale.stockTakes.map((take) => ({ product_id: take.productId, quantity: take.quantity })),
      cashSession: sale.cashSession,
      giftCards: sale.giftCards.map((row) => toRowJson(giftCards, row)),
      giftCardEntries: sale.giftCardEntries.map((row) => toRowJson(giftCardEntries, row)),
      giftCardRedemptions: sale.giftCardRedemptions,
      loyalty: sale.loyalty,
    };
    const written = firstValue<{ number: number; createdAt: string; cashSessionId: string | null }>(
      await db.execute(sql`select till_write_sale(${businessId}::uuid, ${JSON.stringify(payload)}::jsonb)`),
    );
    return { number: Number(written.number), createdAt: new Date(written.createdAt), cashSessionId: written.cashSessionId ?? null };
  },

};

import { and, eq, getTableColumns, inArray, sql } from 'drizzle-orm';
import type { ModifierGroup } from '@till/core';
import type { Db, Tx } from '../../db/client.ts';
import { toRowJson } from '../../db/row-json.ts';
import {
  auditLog,
  businessSettings,
  businesses,
  giftCardEntries,
  giftCards,
  orderEvents,
  orderLines,
  orders,
  payments,
  productBatches,
  products,
  stockMovements,
  taxRates,
} from '../../db/schema/index.ts';

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

/** Queries of one sale; each runs on the request's fenced transaction or fences itself. */
export const checkoutRepository = {
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

  async findOrderByIdempotencyKey(tx: Tx, businessId: string, key: string) {
    const [row] = await tx
      .select()
      .from(orders)
      .where(and(eq(orders.businessId, businessId), eq(orders.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  },

  async findSalesSettings(tx: Tx, businessId: string) {
    const [row] = await tx
      .select({
        currency: businesses.currency,
        pricesIncludeTax: businessSettings.pricesIncludeTax,
        allowNegativeStock: businessSettings.allowNegativeStock,
      })
      .from(businesses)
      .leftJoin(businessSettings, eq(businessSettings.businessId, businesses.id))
      .where(eq(businesses.id, businessId))
      .limit(1);
    return row ?? null;
  },

  /** The products of a cart with their tax rates, active ones only (parking; paying reads them in till_sale_context). */
  async findSellableProducts(tx: Tx, businessId: string, productIds: string[]) {
    return tx
      .select({
        id: products.id,
        name: products.name,
        sku: products.sku,
        price: products.price,
        trackStock: products.trackStock,
        modifierGroups: products.modifierGroups,
        // A product without its own rate takes the business's default rate, as the catalogue shows it.
        taxRateBasisPoints: sql<number>`coalesce(${taxRates.basisPoints}, (select d.basis_points from ${taxRates} d where d.business_id = ${products.businessId} and d.is_default limit 1), 0)`.mapWith(Number),
      })
      .from(products)
      .leftJoin(taxRates, eq(taxRates.id, products.taxRateId))
      .where(and(eq(products.businessId, businessId), inArray(products.id, productIds), eq(products.isActive, true)));
  },

  async insertOrder(tx: Tx, values: typeof orders.$inferInsert) {
    const [row] = await tx.insert(orders).values(values).returning();
    return row!;
  },

  async updateOrder(tx: Tx, businessId: string, orderId: string, values: Partial<typeof orders.$inferInsert>) {
    const [row] = await tx
      .update(orders)
      .set(values)
      .where(and(eq(orders.businessId, businessId), eq(orders.id, orderId)))
      .returning();
    return row!;
  },

  /** Writes a sale's lines (replacing a parked sale's), returning them in position order. */
  async replaceOrderLines(tx: Tx, orderId: string, rows: (typeof orderLines.$inferInsert)[], replace: boolean) {
    if (replace) await tx.delete(orderLines).where(eq(orderLines.orderId, orderId));
    if (!rows.length) return [];
    const inserted = await tx.insert(orderLines).values(rows).returning();
    return inserted.sort((a, b) => a.position - b.position);
  },

  /** A sale's lines in position order, each with its chosen lot's number (decision 069). */
  async findOrderLines(tx: Tx, orderId: string) {
    return tx
      .select({ ...getTableColumns(orderLines), lotNumber: productBatches.lotNumber })
      .from(orderLines)
      .leftJoin(productBatches, and(eq(productBatches.businessId, orderLines.businessId), eq(productBatches.id, orderLines.batchId)))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(orderLines.position);
  },

  async findPayments(tx: Tx, orderId: string) {
    return tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt);
  },
};

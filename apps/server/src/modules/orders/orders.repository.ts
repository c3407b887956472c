import type { PaymentMethod } from '@till/core';
import { and, desc, eq, exists, getTableColumns, gte, inArray, lt, or, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.ts';
import {
  businessSettings,
  businesses,
  customers,
  employees,
  orderEvents,
  orderLines,
  orders,
  payments,
  productBatches,
  products,
  refundLines,
  refunds,
  stockMovements,
  taxRates,
} from '../../db/schema/index.ts';

export interface OrderListFilter {
  from?: Date | undefined;
  to?: Date | undefined;
  status?: (typeof orders.$inferSelect)['status'] | undefined;
  employeeId?: string | undefined;
  customerId?: string | undefined;
  /** One store's orders (decision 049): orders.store_id, the register's store when sold. */
  storeId?: string | undefined;
  method?: PaymentMethod | undefined;
  number?: number | undefined;
  after?: { createdAt: Date; id: string } | undefined;
  limit: number;
}

export const ordersRepository = {
  async listOrders(tx: Tx, businessId: string, filter: OrderListFilter) {
    const conditions = [eq(orders.businessId, businessId)];
    if (filter.from) conditions.push(gte(orders.createdAt, filter.from));
    if (filter.to) conditions.push(lt(orders.createdAt, filter.to));
    if (filter.status) conditions.push(eq(orders.status, filter.status));
    if (filter.employeeId) conditions.push(eq(orders.employeeId, filter.employeeId));
    if (filter.customerId) conditions.push(eq(orders.customerId, filter.customerId));
    if (filter.storeId) conditions.push(eq(orders.storeId, filter.storeId));
    if (filter.number !== undefined) conditions.push(eq(orders.number, filter.number));
    if (filter.method) {
      conditions.push(
        exists(
          tx
            .select({ one: sql`1` })
            .from(payments)
            .where(and(eq(payments.orderId, orders.id), eq(payments.method, filter.method), sql`${payments.amount} > 0`)),
        ),
      );
    }
    if (filter.after) {
      conditions.push(
        or(lt(orders.createdAt, filter.after.createdAt), and(eq(orders.createdAt, filter.after.createdAt), lt(orders.id, filter.after.id)))!,
      );
    }
    return tx
      .select({
        id: orders.id,
        number: orders.number,
        status: orders.status,
        total: orders.total,
        refundedTotal: orders.refundedTotal,
        currency: orders.currency,
        createdAt: orders.createdAt,
        paidAt: orders.paidAt,
        employeeId: orders.employeeId,
        customerId: orders.customerId,
        customerName: customers.name,
        storeId: orders.storeId,
        employeeName: employees.fullName,
        itemCount: sql<number>`(select coalesce(sum(${orderLines.quantity}), 0)::int from ${orderLines} where ${orderLines.orderId} = ${orders.id})`.mapWith(Number),
        methods: sql<string[]>`(select coalesce(array_agg(distinct ${payments.method}), '{}') from ${payments} where ${payments.orderId} = ${orders.id} and ${payments.amount} > 0)`,
      })
      .from(orders)
      .leftJoin(customers, eq(customers.id, orders.customerId))
      .leftJoin(employees, eq(employees.id, orders.employeeId))
      .where(and(...conditions))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(filter.limit + 1);
  },

  /** Under the tenant's fence: a customer id of another business is not found. */
  async customerExists(tx: Tx, businessId: string, customerId: string): Promise<boolean> {
    const [row] = await tx
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.businessId, businessId), eq(customers.id, customerId)))
      .limit(1);
    return Boolean(row);
  },

  async findOrder(tx: Tx, businessId: string, orderId: string, lock = false) {
    const query = tx.select().from(orders).where(and(eq(orders.businessId, businessId), eq(orders.id, orderId))).limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  /** An order's lines in position order, each with its chosen lot's number (decision 069). */
  async findLines(tx: Tx, orderId: string) {
    return tx
      .select({ ...getTableColumns(orderLines), lotNumber: productBatches.lotNumber })
      .from(orderLines)
      .leftJoin(productBatches, and(eq(productBatches.businessId, orderLines.businessId), eq(productBatches.id, orderLines.batchId)))
      .where(eq(orderLines.orderId, orderId))
      .orderBy(orderLines.position);
  },

  async findPayments(tx: Tx, orderId: string) {
    return tx.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(payments.createdAt, payments.id);
  },

  async findEvents(tx: Tx, orderId: string) {
    return tx.select().from(orderEvents).where(eq(orderEvents.orderId, orderId)).orderBy(orderEvents.createdAt, orderEvents.id);
  },

  async findRefunds(tx: Tx, orderId: string) {
    const rows = await tx.select().from(refunds).where(eq(refunds.orderId, orderId)).orderBy(refunds.createdAt);
    const lines = rows.length
      ? await tx.select().from(refundLines).where(inArray(refundLines.refundId, rows.map((row) => row.id)))
      : [];
    return rows.map((row) => ({ ...row, lines: lines.filter((line) => line.refundId === row.id) }));
  },

  /** Net and tax already refunded per order line. */
  async refundedAmountsByLine(tx: Tx, orderId: string) {
    const rows = await tx
      .select({
        orderLineId: refundLines.orderLineId,
        net: sql<number>`sum(${refundLines.net})`.mapWith(Number),
        tax: sql<number>`sum(${refundLines.tax})`.mapWith(Number),
      })
      .from(refundLines)
      .innerJoin(refunds, eq(refunds.id, refundLines.refundId))
      .where(eq(refunds.orderId, orderId))
      .groupBy(refundLines.orderLineId);
    return new Map(rows.map((row) => [row.orderLineId, row]));
  },

  async findCustomer(tx: Tx, customerId: string) {
    const [row] = await tx.select({ id: customers.id, name: customers.name, email: customers.email }).from(customers).where(eq(customers.id, customerId));
    return row ?? null;
  },

  async findBusiness(tx: Tx, businessId: string) {
    const [row] = await tx.select({ name: businesses.name, currency: businesses.currency, timeZone: businesses.timeZone, receiptHeader: businesses.receiptHeader, receiptFooter: businesses.receiptFooter }).from(businesses).where(eq(businesses.id, businessId));
    return row ?? null;
  },

  async findRefundByIdempotencyKey(tx: Tx, businessId: string, key: string) {
    const [row] = await tx
      .select()
      .from(refunds)
      .where(and(eq(refunds.businessId, businessId), eq(refunds.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  },

  async findRefundPayments(tx: Tx, refundId: string) {
    return tx
      .select({ method: payments.method, amount: payments.amount })
      .from(payments)
      .where(eq(payments.refundId, refundId))
      .orderBy(payments.createdAt, payments.id);
  },

  async insertRefund(tx: Tx, values: typeof refunds.$inferInsert) {
    const [row] = await tx.insert(refunds).values(values).returning();
    return row!;
  },

  async insertRefundLines(tx: Tx, rows: (typeof refundLines.$inferInsert)[]) {
    if (rows.length) await tx.insert(refundLines).values(rows);
  },

  async addRefundedQuantity(tx: Tx, lineId: string, quantity: number) {
    await tx.update(orderLines).set({ refundedQuantity: sql`${orderLines.refundedQuantity} + ${quantity}` }).where(eq(orderLines.id, lineId));
  },

  async updateOrder(tx: Tx, businessId: string, orderId: string, values: Partial<typeof orders.$inferInsert>) {
    const [row] = await tx.update(orders).set(values).where(and(eq(orders.businessId, businessId), eq(orders.id, orderId))).returning();
    return row!;
  },

  async restock(tx: Tx, businessId: string, productId: string, quantity: number) {
    const rows = await tx
      .update(products)
      .set({ stockQuantity: sql`${products.stockQuantity} + ${quantity}` })
      .where(and(eq(products.businessId, businessId), eq(products.id, productId), eq(products.trackStock, true)))
      .returning({ id: products.id });
    return rows.length === 1;
  },

  async insertStockMovement(tx: Tx, values: typeof stockMovements.$inferInsert) {
    await tx.insert(stockMovements).values(values);
  },

  async insertPayment(tx: Tx, values: typeof payments.$inferInsert) {
    await tx.insert(payments).values(values);
  },

  async insertEvent(tx: Tx, values: typeof orderEvents.$inferInsert) {
    await tx.insert(orderEvents).values(values);
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

  /** Writes a sale's lines (replacing a parked sale's), returning them in position order. */
  async replaceOrderLines(tx: Tx, orderId: string, rows: (typeof orderLines.$inferInsert)[], replace: boolean) {
    if (replace) await tx.delete(orderLines).where(eq(orderLines.orderId, orderId));
    if (!rows.length) return [];
    const inserted = await tx.insert(orderLines).values(rows).returning();
    return inserted.sort((a, b) => a.position - b.position);
  },
};

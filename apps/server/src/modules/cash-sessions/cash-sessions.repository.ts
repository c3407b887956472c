import type { PaymentMethod } from '@till/core';
import { and, desc, eq, gte, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client.ts';
import {
  auditLog,
  businessSettings,
  businesses,
  cashMovements,
  cashSessions,
  employees,
  orders,
  registers,
  stores,
  user,
  zReportCounters,
} from '../../db/schema/index.ts';

const rowsOf = <T>(result: unknown): T[] => (result as { rows: T[] }).rows;
const num = (value: unknown) => Number(value ?? 0);

export type CashSessionRow = typeof cashSessions.$inferSelect;

export interface SessionListFilter {
  registerId?: string | undefined;
  employeeId?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  variance?: 'over' | 'short' | 'balanced' | undefined;
  status?: 'open' | 'closed' | undefined;
  after?: { openedAt: Date; id: string } | undefined;
  limit: number;
}

/** The sums a report is made of, read in one transaction (the close's, under the session's lock). */
export interface SessionFigures {
  orders: { transactions: number; total: number; discounts: number; tax: number; itemsSold: number };
  voids: { count: number; amount: number };
  refunds: { count: number; total: number; tax: number };
  taxByRate: { basisPoints: number; net: number; tax: number }[];
  byCategory: { name: string; quantity: number; amount: number }[];
  byEmployee: { name: string; transactions: number; amount: number }[];
  payments: { method: PaymentMethod; sales: number; refunds: number }[];
  movements: { id: string; kind: 'pay_in' | 'pay_out' | 'drop' | 'no_sale'; amount: number; reason: string; employeeName: string; createdAt: Date }[];
}

export const cashSessionsRepository = {
  async findSettings(tx: Tx, businessId: string) {
    const [row] = await tx
      .select({
        businessName: businesses.name,
        currency: businesses.currency,
        timeZone: businesses.timeZone,
        ownerUserId: businesses.ownerUserId,
        threshold: businessSettings.cashVarianceThreshold,
        cashiersCloseOwnSession: businessSettings.cashiersCloseOwnSession,
      })
      .from(businesses)
      .leftJoin(businessSettings, eq(businessSettings.businessId, businesses.id))
      .where(eq(businesses.id, businessId))
      .limit(1);
    return row ?? null;
  },

  /** The owner's sign-in address, read on the app's own connection (accounts are not tenant rows). */
  async findAccountEmail(db: Db, userId: string): Promise<string | null> {
    const [row] = await db.select({ email: user.email }).from(user).where(eq(user.id, userId)).limit(1);
    return row?.email ?? null;
  },

  async findRegister(tx: Tx, businessId: string, registerId: string) {
    const [row] = await tx
      .select({ id: registers.id, name: registers.name, isActive: registers.isActive, storeName: stores.name })
      .from(registers)
      .leftJoin(stores, and(eq(stores.businessId, registers.businessId), eq(stores.id, registers.storeId)))
      .where(and(eq(registers.businessId, businessId), eq(registers.id, registerId)))
      .limit(1);
    return row ?? null;
  },

  async listRegisters(tx: Tx, businessId: string) {
    return tx
      .select({ id: registers.id, name: registers.name, isActive: registers.isActive })
      .from(registers)
      .where(eq(registers.businessId, businessId))
      .orderBy(registers.name);
  },

  /** The open session of a register; `lock` takes it FOR UPDATE (a close, a movement) or FOR SHARE (a refund, a void). */
  async findOpenSession(tx: Tx, businessId: string, registerId: string, lock?: 'update' | 'share') {
    const query = tx
      .select()
      .from(cashSessions)
      .where(and(eq(cashSessions.businessId, businessId), eq(cashSessions.registerId, registerId), eq(cashSessions.status, 'open')))
      .limit(1);
    const [row] = lock === 'update' ? await query.for('update') : lock === 'share' ? await query.for('share') : await query;
    return row ?? null;
  },

  async findSession(tx: Tx, businessId: string, sessionId: string, lock = false) {
    const query = tx
      .select()
      .from(cashSessions)
      .where(and(eq(cashSessions.businessId, businessId), eq(cashSessions.id, sessionId)))
      .limit(1);
    const [row] = lock ? await query.for('update') : await query;
    return row ?? null;
  },

  async findSessionByOpenKey(tx: Tx, businessId: string, key: string) {
    const [row] = await tx
      .select()
      .from(cashSessions)
      .where(and(eq(cashSessions.businessId, businessId), eq(cashSessions.openIdempotencyKey, key)))
      .limit(1);
    return row ?? null;
  },

  async insertSession(tx: Tx, values: typeof cashSessions.$inferInsert) {
    const [row] = await tx.insert(cashSessions).values(values).returning();
    return row!;
  },

  async closeSession(tx: Tx, businessId: string, sessionId: string, values: Partial<typeof cashSessions.$inferInsert>) {
    const [row] = await tx
      .update(cashSessions)
      .set(values)
      .where(and(eq(cashSessions.businessId, businessId), eq(cashSessions.id, sessionId), eq(cashSessions.status, 'open')))
      .returning();
    return row ?? null;
  },

  /** The next Z number: a rollback gives it back, so numbers have no gaps. */
  async nextZNumber(tx: Tx, businessId: string): Promise<number> {
    const [row] = await tx
      .insert(zReportCounters)
      .values({ businessId, lastNumber: 1 })
      .onConflictDoUpdate({ target: zReportCounters.businessId, set: { lastNumber: sql`${zReportCounters.lastNumber} + 1` } })
      .returning({ lastNumber: zReportCounters.lastNumber });
    return row!.lastNumber;
  },

  async findMovementByKey(tx: Tx, businessId: string, key: string) {
    const [row] = await tx
      .select()
      .from(cashMovements)
      .where(and(eq(cashMovements.businessId, businessId), eq(cashMovements.idempotencyKey, key)))
      .limit(1);
    return row ?? null;
  },

  async insertMovement(tx: Tx, values: typeof cashMovements.$inferInsert) {
    const [row] = await tx.insert(cashMovements).values(values).returning();
    return row!;
  },

  async insertAudit(tx: Tx, values: typeof auditLog.$inferInsert) {
    await tx.insert(auditLog).values(values);
  },

  async findEmployee(tx: Tx, businessId: string, employeeId: string) {
    const [row] = await tx
      .select({ id: employees.id, fullName: employees.fullName, role: employees.role, isActive: employees.isActive, pinHash: employees.pinHash })
      .from(employees)
      .where(and(eq(employees.businessId, businessId), eq(employees.id, employeeId)))
      .limit(1);
    return row ?? null;
  },

  /** A voided parked sale counts in the session open where it was voided. */
  async attachOrderToSession(tx: Tx, businessId: string, orderId: string, sessionId: string) {
    await tx
      .update(orders)
      .set({ cashSessionId: sessionId })
      .where(and(eq(orders.businessId, businessId), eq(orders.id, orderId)));
  },

  /**
   * Every figure of a session's report. Sales are the orders paid in it (their totals as
   * charged); refunds and refund payments are those made in it, whichever session sold the
   * order; voids are parked sales voided in it.
   */
  async sessionFigures(tx: Tx, businessId: string, sessionId: string): Promise<SessionFigures> {
    const paidInSession = sql`o.business_id = ${businessId} and o.cash_session_id = ${sessionId} and o.status in ('paid', 'partially_refunded', 'refunded')`;
    const [orderRow] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select count(*) as transactions, coalesce(sum(o.total), 0) as total, coalesce(sum(o.discount_total), 0) as discounts,
               coalesce(sum(o.tax_total), 0) as tax
          from orders o where ${paidInSession}`),
    );
    const [voidRow] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select count(*) as count, coalesce(sum(o.total), 0) as amount
          from orders o where o.business_id = ${businessId} and o.cash_session_id = ${sessionId} and o.status = 'voided'`),
    );
    const [refundRow] = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select count(*) as count, coalesce(sum(r.total), 0) as total, coalesce(sum(r.tax), 0) as tax
          from refunds r where r.business_id = ${businessId} and r.cash_session_id = ${sessionId}`),
    );
    // The session's lines read once (order_lines_cash_session; only a payment gives a line its
    // session, so these are paid sales), grouped by tax rate and category: items sold, tax by
    // rate and sales by category all come from these groups.
    const lineGroups = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select l.tax_rate_basis_points as rate, coalesce(c.name, 'Uncategorised') as category,
               sum(l.quantity) as quantity, sum(l.net) as net, sum(l.tax) as tax, sum(l.total) as amount
          from order_lines l
          left join products p on p.id = l.product_id left join categories c on c.id = p.category_id
         where l.business_id = ${businessId} and l.cash_session_id = ${sessionId}
         group by 1, 2`),
    );
    const refundRates = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select l.tax_rate_basis_points as rate, sum(rl.net) as net, sum(rl.tax) as tax
          from refunds r join refund_lines rl on rl.refund_id = r.id join order_lines l on l.id = rl.order_line_id
         where r.business_id = ${businessId} and r.cash_session_id = ${sessionId}
         group by 1`),
    );
    const byRate = new Map<number, { basisPoints: number; net: number; tax: number }>();
    const byCategory = new Map<string, { name: string; quantity: number; amount: number }>();
    let itemsSold = 0;
    for (const row of lineGroups) {
      const rate = num(row['rate']);
      const rateEntry = byRate.get(rate) ?? { basisPoints: rate, net: 0, tax: 0 };
      rateEntry.net += num(row['net']);
      rateEntry.tax += num(row['tax']);
      byRate.set(rate, rateEntry);
      const name = String(row['category']);
      const categoryEntry = byCategory.get(name) ?? { name, quantity: 0, amount: 0 };
      categoryEntry.quantity += num(row['quantity']);
      categoryEntry.amount += num(row['amount']);
      byCategory.set(name, categoryEntry);
      itemsSold += num(row['quantity']);
    }
    for (const row of refundRates) {
      const rate = num(row['rate']);
      const rateEntry = byRate.get(rate) ?? { basisPoints: rate, net: 0, tax: 0 };
      rateEntry.net -= num(row['net']);
      rateEntry.tax -= num(row['tax']);
      byRate.set(rate, rateEntry);
    }
    const employeeRows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select coalesce(e.full_name, 'Business owner') as name, count(*) as transactions, sum(o.total) as amount
          from orders o left join employees e on e.id = o.employee_id
         where ${paidInSession}
         group by 1 order by 3 desc, 1`),
    );
    const paymentRows = rowsOf<Record<string, unknown>>(
      await tx.execute(sql`
        select method, coalesce(sum(amount) filter (where refund_id is null), 0) as sales,
               coalesce(-sum(amount) filter (where refund_id is not null), 0) as refunds
          from payments where business_id = ${businessId} and cash_session_id = ${sessionId}
         group by method`),
    );
    const movementRows = await tx
      .select({
        id: cashMovements.id,
        kind: cashMovements.kind,
        amount: cashMovements.amount,
        reason: cashMovements.reason,
        employeeName: cashMovements.employeeName,
        createdAt: cashMovements.createdAt,
      })
      .from(cashMovements)
      .where(and(eq(cashMovements.businessId, businessId), eq(cashMovements.sessionId, sessionId)))
      .orderBy(cashMovements.createdAt, cashMovements.id);
    return {
      orders: {
        transactions: num(orderRow?.['transactions']),
        total: num(orderRow?.['total']),
        discounts: num(orderRow?.['discounts']),
        tax: num(orderRow?.['tax']),
        itemsSold,
      },
      voids: { count: num(voidRow?.['count']), amount: num(voidRow?.['amount']) },
      refunds: { count: num(refundRow?.['count']), total: num(refundRow?.['total']), tax: num(refundRow?.['tax']) },
      taxByRate: [...byRate.values()].sort((a, b) => a.basisPoints - b.basisPoints),
      byCategory: [...byCategory.values()].sort((a, b) => b.amount - a.amount || a.name.localeCompare(b.name)),
      byEmployee: employeeRows.map((row) => ({ name: String(row['name']), transactions: num(row['transactions']), amount: num(row['amount']) })),
      payments: paymentRows.map((row) => ({ method: row['method'] as PaymentMethod, sales: num(row['sales']), refunds: num(row['refunds']) })),
      movements: movementRows,
    };
  },

  async listSessions(tx: Tx, businessId: string, filter: SessionListFilter) {
    const conditions: SQL[] = [eq(cashSessions.businessId, businessId)];
    if (filter.registerId) conditions.push(eq(cashSessions.registerId, filter.registerId));
    if (filter.status) conditions.push(eq(cashSessions.status, filter.status));
    if (filter.employeeId) {
      conditions.push(or(eq(cashSessions.openedByEmployeeId, filter.employeeId), eq(cashSessions.closedByEmployeeId, filter.employeeId))!);
    }
    if (filter.from) conditions.push(gte(cashSessions.openedAt, filter.from));
    if (filter.to) conditions.push(lt(cashSessions.openedAt, filter.to));
    if (filter.variance === 'over') conditions.push(sql`${cashSessions.cashDifference} > 0`);
    if (filter.variance === 'short') conditions.push(sql`${cashSessions.cashDifference} < 0`);
    if (filter.variance === 'balanced') conditions.push(eq(cashSessions.cashDifference, 0));
    if (filter.after) {
      conditions.push(
        or(lt(cashSessions.openedAt, filter.after.openedAt), and(eq(cashSessions.openedAt, filter.after.openedAt), lt(cashSessions.id, filter.after.id)))!,
      );
    }
    return tx
      .select({
        id: cashSessions.id,
        status: cashSessions.status,
        number: cashSessions.number,
        registerId: cashSessions.registerId,
        registerName: registers.name,
        openedAt: cashSessions.openedAt,
        closedAt: cashSessions.closedAt,
        openedBy: cashSessions.openedByName,
        closedBy: cashSessions.closedByName,
        openingFloat: cashSessions.openingFloat,
        netSales: cashSessions.netSales,
        expectedCash: cashSessions.expectedCash,
        countedCash: cashSessions.countedCash,
        cashDifference: cashSessions.cashDifference,
      })
      .from(cashSessions)
      .innerJoin(registers, and(eq(registers.businessId, cashSessions.businessId), eq(registers.id, cashSessions.registerId)))
      .where(and(...conditions))
      .orderBy(desc(cashSessions.openedAt), desc(cashSessions.id))
      .limit(filter.limit);
  },

  /** Closed sessions between two instants, oldest first (the comparison of days). */
  async closedBetween(tx: Tx, businessId: string, from: Date, to: Date) {
    return tx
      .select({ id: cashSessions.id, closedAt: cashSessions.closedAt, report: cashSessions.report })
      .from(cashSessions)
      .where(and(eq(cashSessions.businessId, businessId), eq(cashSessions.status, 'closed'), gte(cashSessions.closedAt, from), lte(cashSessions.closedAt, to)))
      .orderBy(cashSessions.closedAt)
      .limit(1000);
  },
};

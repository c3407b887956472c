import { averageSale, expectedCash, PAYMENT_METHODS, type CashReport } from '@till/core';
import type { CashSessionRow, SessionFigures } from './cash-sessions.repository.ts';

export interface ReportContext {
  businessName: string;
  currency: string;
  timeZone: string;
  register: { id: string; name: string };
  storeName: string | null;
}

export interface ClosingCount {
  number: number;
  closedAt: Date;
  closedBy: string;
  countedCash: number;
  denominations: Record<string, number> | null;
  countedCard: number | undefined;
  countedOther: number | undefined;
  approval: { approvedBy: string; note: string } | null;
  note: string | null;
}

const sumKind = (figures: SessionFigures, kind: 'pay_in' | 'pay_out' | 'drop') =>
  figures.movements.filter((movement) => movement.kind === kind).reduce((sum, movement) => sum + movement.amount, 0);

/**
 * A session's report from its figures: an X report while it is open (no counts), or the Z at
 * close with the counts and their differences. Definitions (docs/api.md "Cash sessions"):
 * gross sales = what the session's sales charged before discounts; net sales = gross −
 * discounts − refunds made in the session, tax included as charged; tax = sales' tax − refunds'
 * tax; expected cash = float + cash sales − cash refunds + pay-ins − pay-outs − drops.
 */
export function buildCashReport(session: CashSessionRow, figures: SessionFigures, context: ReportContext, now: Date, closing?: ClosingCount): CashReport {
  const byMethod = new Map(figures.payments.map((row) => [row.method, row]));
  const cash = byMethod.get('cash') ?? { sales: 0, refunds: 0 };
  const flows = {
    openingFloat: session.openingFloat,
    cashSales: cash.sales,
    cashRefunds: cash.refunds,
    payIns: sumKind(figures, 'pay_in'),
    payOuts: sumKind(figures, 'pay_out'),
    drops: sumKind(figures, 'drop'),
  };
  const expected = expectedCash(flows);
  const counted = (method: (typeof PAYMENT_METHODS)[number], expectedAmount: number): number | null => {
    if (!closing) return null;
    if (method === 'cash') return closing.countedCash;
    // Gift cards and points (decision 064) are counted by the system, not at the drawer.
    if (method === 'gift_card' || method === 'points') return expectedAmount;
    const confirmed = method === 'card' ? closing.countedCard : closing.countedOther;
    return confirmed ?? expectedAmount;
  };
  const methods = PAYMENT_METHODS.filter((method) => method === 'cash' || byMethod.has(method)).map((method) => {
    const row = byMethod.get(method) ?? { sales: 0, refunds: 0 };
    const expectedAmount = method === 'cash' ? expected : row.sales - row.refunds;
    const countedAmount = counted(method, expectedAmount);
    return {
      method,
      sales: row.sales,
      refunds: row.refunds,
      expected: expectedAmount,
      counted: countedAmount,
      difference: countedAmount === null ? null : countedAmount - expectedAmount,
    };
  });
  const grossSales = figures.orders.total + figures.orders.discounts;
  const netSales = figures.orders.total - figures.refunds.total;
  const tax = figures.orders.tax - figures.refunds.tax;
  return {
    sessionId: session.id,
    kind: closing ? 'Z' : 'X',
    number: closing?.number ?? null,
    register: context.register,
    storeName: context.storeName,
    businessName: context.businessName,
    currency: context.currency,
    timeZone: context.timeZone,
    openedAt: session.openedAt.toISOString(),
    closedAt: closing ? closing.closedAt.toISOString() : null,
    generatedAt: now.toISOString(),
    openedBy: session.openedByName,
    closedBy: closing?.closedBy ?? null,
    sales: {
      grossSales,
      discounts: figures.orders.discounts,
      refunds: figures.refunds.total,
      refundCount: figures.refunds.count,
      netSales,
      tax,
      netSalesExcludingTax: netSales - tax,
      transactions: figures.orders.transactions,
      averageSale: averageSale(figures.orders.total, figures.orders.transactions),
      itemsSold: figures.orders.itemsSold,
      voids: figures.voids,
    },
    taxByRate: figures.taxByRate,
    byCategory: figures.byCategory,
    byEmployee: figures.byEmployee,
    byMethod: methods,
    cash: {
      ...flows,
      expected,
      counted: closing ? closing.countedCash : null,
      difference: closing ? closing.countedCash - expected : null,
      denominations: closing?.denominations ?? null,
    },
    noSaleCount: figures.movements.filter((movement) => movement.kind === 'no_sale').length,
    movements: figures.movements.map((movement) => ({ ...movement, createdAt: movement.createdAt.toISOString() })),
    approval: closing?.approval ?? null,
    closingNote: closing?.note ?? null,
  };
}

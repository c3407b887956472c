import { z } from 'zod';
import { CASH_MOVEMENT_KINDS } from '../cash-sessions.ts';
import { PAYMENT_METHODS } from '../checkout.ts';
import { multiLine, singleLine } from '../plain-text.ts';

/** Cash drawer sessions' request bodies and the X/Z report's shape (zod): the server validates with them; the till imports only their types. */

const minor = z.number().int('Amounts are whole minor units (cents): no fractions').min(0).max(1_000_000_000_000);

/**
 * Request bodies as the wire carries them (decision 070: snake_case). The server validates with
 * these; the route hands the use-case the camelCase input below (`…FromWire`).
 */
export const openCashSessionInput = z.strictObject({
  idempotency_key: z.uuid('idempotency_key is a client-generated UUID'),
  /** Only from a browser that is not a paired till (the back office); a till opens its own drawer. */
  register_id: z.uuid().optional(),
  opening_float: minor,
  /** Counted by denomination, if the employee counted that way; must add up to opening_float. */
  denominations: z.record(z.string().regex(/^\d{1,9}$/), z.number().int().min(0).max(100_000)).optional(),
  note: multiLine(z.string().trim().max(500)).optional(),
});
export type OpenCashSessionBody = z.input<typeof openCashSessionInput>;

/** What opening a drawer takes, inside (camelCase). */
export interface OpenCashSessionInput {
  idempotencyKey: string;
  registerId?: string | undefined;
  openingFloat: number;
  denominations?: Record<string, number> | undefined;
  note?: string | undefined;
}

export const openCashSessionFromWire = (body: z.output<typeof openCashSessionInput>): OpenCashSessionInput => ({
  idempotencyKey: body.idempotency_key,
  registerId: body.register_id,
  openingFloat: body.opening_float,
  denominations: body.denominations,
  note: body.note,
});

export const cashMovementInput = z
  .strictObject({
    idempotency_key: z.uuid('idempotency_key is a client-generated UUID'),
    kind: z.enum(CASH_MOVEMENT_KINDS),
    /** Zero for a no-sale drawer opening; more than zero for money in or out. */
    amount: minor,
    reason: singleLine(z.string().trim().min(1, 'Give a reason').max(200)),
  })
  .refine((input) => (input.kind === 'no_sale' ? input.amount === 0 : input.amount > 0), {
    message: 'A pay-in, pay-out or drop moves more than zero; a no-sale moves nothing',
    path: ['amount'],
  });
export type CashMovementBody = z.input<typeof cashMovementInput>;

export interface CashMovementInput {
  idempotencyKey: string;
  kind: (typeof CASH_MOVEMENT_KINDS)[number];
  amount: number;
  reason: string;
}

export const cashMovementFromWire = (body: z.output<typeof cashMovementInput>): CashMovementInput => ({
  idempotencyKey: body.idempotency_key,
  kind: body.kind,
  amount: body.amount,
  reason: body.reason,
});

export const closeCashSessionInput = z
  .strictObject({
    idempotency_key: z.uuid('idempotency_key is a client-generated UUID'),
    /** The cash in the drawer, counted; or give denominations and it is their sum. */
    counted_cash: minor.optional(),
    /** Face value in minor units (as a string key) → how many of it. */
    denominations: z.record(z.string().regex(/^\d{1,9}$/), z.number().int().min(0).max(100_000)).optional(),
    /** Card and other totals as confirmed by the employee; left out means "as expected". */
    counted_card: minor.optional(),
    counted_other: minor.optional(),
    note: multiLine(z.string().trim().max(1000)).optional(),
    /** A manager's approval of a difference over the threshold: who, and their PIN. */
    approval: z.strictObject({ employee_id: z.uuid(), pin: z.string().regex(/^\d{4,6}$/, 'A PIN is 4 to 6 digits') }).optional(),
  })
  .refine((input) => input.counted_cash !== undefined || input.denominations !== undefined, {
    message: 'Count the cash: give counted_cash or denominations',
    path: ['counted_cash'],
  });
export type CloseCashSessionBody = z.input<typeof closeCashSessionInput>;

export interface CloseCashSessionInput {
  idempotencyKey: string;
  countedCash?: number | undefined;
  denominations?: Record<string, number> | undefined;
  countedCard?: number | undefined;
  countedOther?: number | undefined;
  note?: string | undefined;
  approval?: { employeeId: string; pin: string } | undefined;
}

export const closeCashSessionFromWire = (body: z.output<typeof closeCashSessionInput>): CloseCashSessionInput => ({
  idempotencyKey: body.idempotency_key,
  countedCash: body.counted_cash,
  denominations: body.denominations,
  countedCard: body.counted_card,
  countedOther: body.counted_other,
  note: body.note,
  approval: body.approval ? { employeeId: body.approval.employee_id, pin: body.approval.pin } : undefined,
});

// ── The report: the shape the server computes and stores frozen in a Z (camelCase, inside) ─

const money = z.number().int();

export const cashReportSchema = z.object({
  sessionId: z.uuid(),
  kind: z.enum(['X', 'Z']),
  /** The Z number, per business without gaps; null on an X report. */
  number: z.number().int().nullable(),
  register: z.object({ id: z.uuid(), name: z.string() }),
  storeName: z.string().nullable(),
  businessName: z.string(),
  currency: z.string(),
  timeZone: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  generatedAt: z.string(),
  openedBy: z.string(),
  closedBy: z.string().nullable(),
  sales: z.object({
    grossSales: money,
    discounts: money,
    refunds: money,
    refundCount: z.number().int(),
    netSales: money,
    tax: money,
    netSalesExcludingTax: money,
    transactions: z.number().int(),
    averageSale: money,
    itemsSold: z.number().int(),
    voids: z.object({ count: z.number().int(), amount: money }),
  }),
  taxByRate: z.array(z.object({ basisPoints: z.number().int(), net: money, tax: money })),
  byCategory: z.array(z.object({ name: z.string(), quantity: z.number().int(), amount: money })),
  byEmployee: z.array(z.object({ name: z.string(), transactions: z.number().int(), amount: money })),
  byMethod: z.array(
    z.object({
      method: z.enum(PAYMENT_METHODS),
      sales: money,
      refunds: money,
      /** What should be there: for cash, the drawer (float, pay-ins, pay-outs, drops included). */
      expected: money,
      counted: money.nullable(),
      difference: money.nullable(),
    }),
  ),
  cash: z.object({
    openingFloat: money,
    cashSales: money,
    cashRefunds: money,
    payIns: money,
    payOuts: money,
    drops: money,
    expected: money,
    counted: money.nullable(),
    difference: money.nullable(),
    denominations: z.record(z.string(), z.number().int()).nullable(),
  }),
  noSaleCount: z.number().int(),
  movements: z.array(
    z.object({ id: z.uuid(), kind: z.enum(CASH_MOVEMENT_KINDS), amount: money, reason: z.string(), employeeName: z.string(), createdAt: z.string() }),
  ),
  approval: z.object({ approvedBy: z.string(), note: z.string() }).nullable(),
  closingNote: z.string().nullable(),
});
export type CashReport = z.infer<typeof cashReportSchema>;

/**
 * The report as the wire carries it (decision 070: snake_case at every depth; the denominations
 * map's keys are data). Stored Z reports keep the camelCase shape above: the route maps them.
 */
export const cashReportWireSchema = z.object({
  session_id: z.uuid(),
  kind: z.enum(['X', 'Z']),
  /** The Z number, per business without gaps; null on an X report. */
  number: z.number().int().nullable(),
  register: z.object({ id: z.uuid(), name: z.string() }),
  store_name: z.string().nullable(),
  business_name: z.string(),
  currency: z.string(),
  time_zone: z.string(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  generated_at: z.string(),
  opened_by: z.string(),
  closed_by: z.string().nullable(),
  sales: z.object({
    gross_sales: money,
    discounts: money,
    refunds: money,
    refund_count: z.number().int(),
    net_sales: money,
    tax: money,
    net_sales_excluding_tax: money,
    transactions: z.number().int(),
    average_sale: money,
    items_sold: z.number().int(),
    voids: z.object({ count: z.number().int(), amount: money }),
  }),
  tax_by_rate: z.array(z.object({ basis_points: z.number().int(), net: money, tax: money })),
  by_category: z.array(z.object({ name: z.string(), quantity: z.number().int(), amount: money })),
  by_employee: z.array(z.object({ name: z.string(), transactions: z.number().int(), amount: money })),
  by_method: z.array(
    z.object({
      method: z.enum(PAYMENT_METHODS),
      sales: money,
      refunds: money,
      /** What should be there: for cash, the drawer (float, pay-ins, pay-outs, drops included). */
      expected: money,
      counted: money.nullable(),
      difference: money.nullable(),
    }),
  ),
  cash: z.object({
    opening_float: money,
    cash_sales: money,
    cash_refunds: money,
    pay_ins: money,
    pay_outs: money,
    drops: money,
    expected: money,
    counted: money.nullable(),
    difference: money.nullable(),
    denominations: z.record(z.string(), z.number().int()).nullable(),
  }),
  no_sale_count: z.number().int(),
  movements: z.array(
    z.object({ id: z.uuid(), kind: z.enum(CASH_MOVEMENT_KINDS), amount: money, reason: z.string(), employee_name: z.string(), created_at: z.string() }),
  ),
  approval: z.object({ approved_by: z.string(), note: z.string() }).nullable(),
  closing_note: z.string().nullable(),
});
export type CashReportWire = z.infer<typeof cashReportWireSchema>;

/** A report (computed, or a Z as stored) as the wire carries it. */
export function cashReportToWire(report: CashReport): CashReportWire {
  const { sales, cash } = report;
  return {
    session_id: report.sessionId,
    kind: report.kind,
    number: report.number,
    register: { id: report.register.id, name: report.register.name },
    store_name: report.storeName,
    business_name: report.businessName,
    currency: report.currency,
    time_zone: report.timeZone,
    opened_at: report.openedAt,
    closed_at: report.closedAt,
    generated_at: report.generatedAt,
    opened_by: report.openedBy,
    closed_by: report.closedBy,
    sales: {
      gross_sales: sales.grossSales,
      discounts: sales.discounts,
      refunds: sales.refunds,
      refund_count: sales.refundCount,
      net_sales: sales.netSales,
      tax: sales.tax,
      net_sales_excluding_tax: sales.netSalesExcludingTax,
      transactions: sales.transactions,
      average_sale: sales.averageSale,
      items_sold: sales.itemsSold,
      voids: { count: sales.voids.count, amount: sales.voids.amount },
    },
    tax_by_rate: report.taxByRate.map((rate) => ({ basis_points: rate.basisPoints, net: rate.net, tax: rate.tax })),
    by_category: report.byCategory.map((row) => ({ name: row.name, quantity: row.quantity, amount: row.amount })),
    by_employee: report.byEmployee.map((row) => ({ name: row.name, transactions: row.transactions, amount: row.amount })),
    by_method: report.byMethod.map((row) => ({
      method: row.method,
      sales: row.sales,
      refunds: row.refunds,
      expected: row.expected,
      counted: row.counted,
      difference: row.difference,
    })),
    cash: {
      opening_float: cash.openingFloat,
      cash_sales: cash.cashSales,
      cash_refunds: cash.cashRefunds,
      pay_ins: cash.payIns,
      pay_outs: cash.payOuts,
      drops: cash.drops,
      expected: cash.expected,
      counted: cash.counted,
      difference: cash.difference,
      denominations: cash.denominations,
    },
    no_sale_count: report.noSaleCount,
    movements: report.movements.map((movement) => ({
      id: movement.id,
      kind: movement.kind,
      amount: movement.amount,
      reason: movement.reason,
      employee_name: movement.employeeName,
      created_at: movement.createdAt,
    })),
    approval: report.approval ? { approved_by: report.approval.approvedBy, note: report.approval.note } : null,
    closing_note: report.closingNote,
  };
}

/** The wire's report as the shared layout rules (zReportTextLines…) take it. */
export function cashReportFromWire(wire: CashReportWire): CashReport {
  const { sales, cash } = wire;
  return {
    sessionId: wire.session_id,
    kind: wire.kind,
    number: wire.number,
    register: { id: wire.register.id, name: wire.register.name },
    storeName: wire.store_name,
    businessName: wire.business_name,
    currency: wire.currency,
    timeZone: wire.time_zone,
    openedAt: wire.opened_at,
    closedAt: wire.closed_at,
    generatedAt: wire.generated_at,
    openedBy: wire.opened_by,
    closedBy: wire.closed_by,
    sales: {
      grossSales: sales.gross_sales,
      discounts: sales.discounts,
      refunds: sales.refunds,
      refundCount: sales.refund_count,
      netSales: sales.net_sales,
      tax: sales.tax,
      netSalesExcludingTax: sales.net_sales_excluding_tax,
      transactions: sales.transactions,
      averageSale: sales.average_sale,
      itemsSold: sales.items_sold,
      voids: { count: sales.voids.count, amount: sales.voids.amount },
    },
    taxByRate: wire.tax_by_rate.map((rate) => ({ basisPoints: rate.basis_points, net: rate.net, tax: rate.tax })),
    byCategory: wire.by_category.map((row) => ({ name: row.name, quantity: row.quantity, amount: row.amount })),
    byEmployee: wire.by_employee.map((row) => ({ name: row.name, transactions: row.transactions, amount: row.amount })),
    byMethod: wire.by_method.map((row) => ({
      method: row.method,
      sales: row.sales,
      refunds: row.refunds,
      expected: row.expected,
      counted: row.counted,
      difference: row.difference,
    })),
    cash: {
      openingFloat: cash.opening_float,
      cashSales: cash.cash_sales,
      cashRefunds: cash.cash_refunds,
      payIns: cash.pay_ins,
      payOuts: cash.pay_outs,
      drops: cash.drops,
      expected: cash.expected,
      counted: cash.counted,
      difference: cash.difference,
      denominations: cash.denominations,
    },
    noSaleCount: wire.no_sale_count,
    movements: wire.movements.map((movement) => ({
      id: movement.id,
      kind: movement.kind,
      amount: movement.amount,
      reason: movement.reason,
      employeeName: movement.employee_name,
      createdAt: movement.created_at,
    })),
    approval: wire.approval ? { approvedBy: wire.approval.approved_by, note: wire.approval.note } : null,
    closingNote: wire.closing_note,
  };
}

/** A row of the sessions list as the wire carries it. */
export const cashSessionSummarySchema = z.object({
  id: z.uuid(),
  status: z.enum(['open', 'closed']),
  number: z.number().int().nullable(),
  register_id: z.uuid(),
  register_name: z.string(),
  opened_at: z.string(),
  closed_at: z.string().nullable(),
  opened_by: z.string(),
  closed_by: z.string().nullable(),
  opening_float: money,
  net_sales: money.nullable(),
  expected_cash: money.nullable(),
  counted_cash: money.nullable(),
  cash_difference: money.nullable(),
  currency: z.string(),
});
export type CashSessionSummary = z.infer<typeof cashSessionSummarySchema>;

import { z } from 'zod';
import { PAYMENT_METHODS } from './checkout-contract.ts';
import { currencyDecimals, type Minor } from './money.ts';
import { multiLine, singleLine } from './plain-text.ts';

/**
 * Cash drawer sessions, X and Z reports (issue 12; feature cash_management). The pure rules
 * and the one contract both sides use: request bodies, the report's shape, the expected-cash
 * formula, counting by denomination and when a difference needs a manager.
 */

const minor = z.number().int('Amounts are whole minor units (cents): no fractions').min(0).max(1_000_000_000_000);

export const CASH_MOVEMENT_KINDS = ['pay_in', 'pay_out', 'drop', 'no_sale'] as const;
export type CashMovementKind = (typeof CASH_MOVEMENT_KINDS)[number];

export const CASH_MOVEMENT_LABELS: Record<CashMovementKind, string> = {
  pay_in: 'Pay in',
  pay_out: 'Pay out',
  drop: 'Cash drop',
  no_sale: 'No sale',
};

/** Reasons offered in the list; any other may be typed. */
export const CASH_MOVEMENT_REASONS: Record<CashMovementKind, readonly string[]> = {
  pay_in: ['Float top-up', 'Change from bank', 'Other'],
  pay_out: ['Supplies', 'Milk', 'Cleaning', 'Refund without receipt', 'Other'],
  drop: ['To the safe', 'Bank deposit'],
  no_sale: ['Give change', 'Check the drawer', 'Other'],
};

export const openCashSessionInput = z.strictObject({
  idempotencyKey: z.uuid('idempotencyKey is a client-generated UUID'),
  /** Only from a browser that is not a paired till (the back office); a till opens its own drawer. */
  registerId: z.uuid().optional(),
  openingFloat: minor,
  /** Counted by denomination, if the employee counted that way; must add up to openingFloat. */
  denominations: z.record(z.string().regex(/^\d{1,9}$/), z.number().int().min(0).max(100_000)).optional(),
  note: multiLine(z.string().trim().max(500)).optional(),
});
export type OpenCashSessionInput = z.infer<typeof openCashSessionInput>;

export const cashMovementInput = z
  .strictObject({
    idempotencyKey: z.uuid('idempotencyKey is a client-generated UUID'),
    kind: z.enum(CASH_MOVEMENT_KINDS),
    /** Zero for a no-sale drawer opening; more than zero for money in or out. */
    amount: minor,
    reason: singleLine(z.string().trim().min(1, 'Give a reason').max(200)),
  })
  .refine((input) => (input.kind === 'no_sale' ? input.amount === 0 : input.amount > 0), {
    message: 'A pay-in, pay-out or drop moves more than zero; a no-sale moves nothing',
    path: ['amount'],
  });
export type CashMovementInput = z.infer<typeof cashMovementInput>;

export const closeCashSessionInput = z
  .strictObject({
    idempotencyKey: z.uuid('idempotencyKey is a client-generated UUID'),
    /** The cash in the drawer, counted; or give denominations and it is their sum. */
    countedCash: minor.optional(),
    /** Face value in minor units (as a string key) → how many of it. */
    denominations: z.record(z.string().regex(/^\d{1,9}$/), z.number().int().min(0).max(100_000)).optional(),
    /** Card and other totals as confirmed by the employee; left out means "as expected". */
    countedCard: minor.optional(),
    countedOther: minor.optional(),
    note: multiLine(z.string().trim().max(1000)).optional(),
    /** A manager's approval of a difference over the threshold: who, and their PIN. */
    approval: z.strictObject({ employeeId: z.uuid(), pin: z.string().regex(/^\d{4,6}$/, 'A PIN is 4 to 6 digits') }).optional(),
  })
  .refine((input) => input.countedCash !== undefined || input.denominations !== undefined, {
    message: 'Count the cash: give countedCash or denominations',
    path: ['countedCash'],
  });
export type CloseCashSessionInput = z.infer<typeof closeCashSessionInput>;

/** Coins and notes by currency, in minor units, largest first; other currencies count one total. */
export const CURRENCY_DENOMINATIONS: Readonly<Record<string, readonly number[]>> = {
  USD: [10000, 5000, 2000, 1000, 500, 200, 100, 25, 10, 5, 1],
  EUR: [50000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1],
  GBP: [5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5, 2, 1],
  CAD: [10000, 5000, 2000, 1000, 500, 200, 100, 25, 10, 5],
  AUD: [10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5],
  CHF: [100000, 20000, 10000, 5000, 2000, 1000, 500, 200, 100, 50, 20, 10, 5],
};

export function denominationsFor(currency: string): readonly number[] {
  return CURRENCY_DENOMINATIONS[currency.toUpperCase()] ?? [];
}

export class CashCountError extends Error {}

/**
 * The sum of a count by denomination. Every face value must be one of the currency's; a
 * currency without a list cannot be counted this way (count one total).
 */
export function countDenominations(currency: string, counts: Readonly<Record<string, number>>): Minor {
  const allowed = new Set(denominationsFor(currency));
  let total = 0;
  for (const [face, count] of Object.entries(counts)) {
    const value = Number(face);
    if (!allowed.has(value)) throw new CashCountError(`${face} is not a coin or note of ${currency}`);
    if (!Number.isInteger(count) || count < 0) throw new CashCountError('Counts are whole numbers, zero or more');
    total += value * count;
  }
  if (!Number.isSafeInteger(total)) throw new CashCountError('The count is too large');
  return total;
}

/** The label of a face value, e.g. 2000 USD → "20.00", 25 → "0.25". */
export function denominationLabel(value: number, currency: string): string {
  const decimals = currencyDecimals(currency);
  return (value / 10 ** decimals).toFixed(decimals);
}

export interface CashFlows {
  openingFloat: Minor;
  /** Cash taken for sales (tendered − change). */
  cashSales: Minor;
  /** Cash handed back for refunds, as a positive amount. */
  cashRefunds: Minor;
  payIns: Minor;
  payOuts: Minor;
  drops: Minor;
}

/** What the drawer should hold: float + cash sales − cash refunds + pay-ins − pay-outs − drops. */
export function expectedCash(flows: CashFlows): Minor {
  return flows.openingFloat + flows.cashSales - flows.cashRefunds + flows.payIns - flows.payOuts - flows.drops;
}

/** A difference needs a manager's PIN and a note when it is larger (either way) than the threshold. */
export function varianceNeedsApproval(differences: readonly Minor[], threshold: Minor): boolean {
  return differences.some((difference) => Math.abs(difference) > threshold);
}

export type VarianceFilter = 'any' | 'over' | 'short' | 'balanced';

/** Which way a count went: over (more than expected), short, or balanced. */
export function varianceKind(difference: Minor): 'over' | 'short' | 'balanced' {
  if (difference > 0) return 'over';
  if (difference < 0) return 'short';
  return 'balanced';
}

/** A rounded average, 0 for none (integer minor units). */
export function averageSale(total: Minor, count: number): Minor {
  return count > 0 ? Math.round(total / count) : 0;
}

// ── The report: the one shape the server stores frozen in a Z and the web shows ────────────

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

export const cashSessionSummarySchema = z.object({
  id: z.uuid(),
  status: z.enum(['open', 'closed']),
  number: z.number().int().nullable(),
  registerId: z.uuid(),
  registerName: z.string(),
  openedAt: z.string(),
  closedAt: z.string().nullable(),
  openedBy: z.string(),
  closedBy: z.string().nullable(),
  openingFloat: money,
  netSales: money.nullable(),
  expectedCash: money.nullable(),
  countedCash: money.nullable(),
  cashDifference: money.nullable(),
  currency: z.string(),
});
export type CashSessionSummary = z.infer<typeof cashSessionSummarySchema>;

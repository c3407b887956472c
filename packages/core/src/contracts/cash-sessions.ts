import { z } from 'zod';
import { CASH_MOVEMENT_KINDS } from '../cash-sessions.ts';
import { PAYMENT_METHODS } from '../checkout.ts';
import { multiLine, singleLine } from '../plain-text.ts';

/** Cash drawer sessions' request bodies and the X/Z report's shape (zod): the server validates with them; the till imports only their types. */

const minor = z.number().int('Amounts are whole minor units (cents): no fractions').min(0).max(1_000_000_000_000);

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

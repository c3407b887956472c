import { currencyDecimals, type Minor } from './money.ts';

/**
 * Cash drawer sessions, X and Z reports (issue 12; feature cash_management). The pure rules both
 * sides use: the expected-cash formula, counting by denomination and when a difference needs a
 * manager. Zod-free, so the till's code never carries zod (decision 058).
 */

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

// The request bodies and the report's shape are zod schemas: contracts/cash-sessions.ts, out of the till's code.

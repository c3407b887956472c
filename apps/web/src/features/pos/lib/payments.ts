import { currencyDecimals, type Minor, type PaymentMethod, type PlaceOrderInput } from '@till/core';

/**
 * Taking payment: one method, or several (multiple_payments) until nothing remains. The
 * server wants the payments to add up to the total exactly; cash may be handed over in excess
 * (tendered), and the excess is the change.
 */

export interface PaymentEntry {
  id: string;
  method: PaymentMethod;
  /** What this payment covers of the total. */
  amount: Minor;
  /** Cash handed over (cash only); tendered − amount is its change. */
  tendered?: Minor;
  reference?: string;
  /** The card a gift_card payment spends (its 16 digits, decision 064). */
  giftCardCode?: string;
  /** The whole points a points payment redeems (shown to the cashier; the server counts them from the amount). */
  points?: number;
}

export const paidTotal = (payments: readonly PaymentEntry[]) => payments.reduce((sum, payment) => sum + payment.amount, 0);

export const remainingDue = (total: Minor, payments: readonly PaymentEntry[]) => Math.max(0, total - paidTotal(payments));

export const changeDue = (payments: readonly PaymentEntry[]) =>
  payments.reduce((sum, payment) => sum + (payment.method === 'cash' && payment.tendered !== undefined ? payment.tendered - payment.amount : 0), 0);

export type PaymentResult = { ok: true; payment: Omit<PaymentEntry, 'id'> } | { ok: false; message: string };

/**
 * Cash handed over against what remains: it covers up to the remaining amount, the rest is
 * change. Less than the remaining amount is a part payment, allowed only with multiple_payments.
 */
export function cashPayment(input: { remaining: Minor; tendered: Minor; multiplePayments: boolean; formatted: (amount: Minor) => string }): PaymentResult {
  const { remaining, tendered } = input;
  if (remaining <= 0) return { ok: false, message: 'Nothing remains to be paid.' };
  if (!Number.isSafeInteger(tendered) || tendered <= 0) return { ok: false, message: 'Enter the cash handed over.' };
  if (tendered < remaining && !input.multiplePayments) {
    return { ok: false, message: `That is ${input.formatted(remaining - tendered)} short of ${input.formatted(remaining)}.` };
  }
  return { ok: true, payment: { method: 'cash', amount: Math.min(tendered, remaining), tendered } };
}

/** Card (an external terminal) or other: never more than remains, and all of it without multiple_payments. */
export function nonCashPayment(input: {
  method: Exclude<PaymentMethod, 'cash'>;
  remaining: Minor;
  amount: Minor;
  reference?: string;
  multiplePayments: boolean;
  formatted: (amount: Minor) => string;
}): PaymentResult {
  const { remaining, amount } = input;
  if (remaining <= 0) return { ok: false, message: 'Nothing remains to be paid.' };
  if (!Number.isSafeInteger(amount) || amount <= 0) return { ok: false, message: 'Enter the amount paid.' };
  if (amount > remaining) return { ok: false, message: `Only ${input.formatted(remaining)} remains to be paid.` };
  if (amount < remaining && !input.multiplePayments) return { ok: false, message: `The payment must cover the whole ${input.formatted(remaining)}.` };
  const reference = input.reference?.trim();
  return { ok: true, payment: { method: input.method, amount, ...(reference ? { reference } : {}) } };
}

/** The request's payments. A sale of nothing (fully discounted) still records how it was settled. */
export function toCheckoutPayments(total: Minor, payments: readonly PaymentEntry[]): PlaceOrderInput['payments'] {
  if (payments.length === 0 && total === 0) return [{ method: 'cash', amount: 0 }];
  return payments.map((payment) => ({
    method: payment.method,
    amount: payment.amount,
    ...(payment.method === 'cash' && payment.tendered !== undefined ? { tendered: payment.tendered } : {}),
    ...(payment.reference ? { reference: payment.reference } : {}),
    ...(payment.method === 'gift_card' && payment.giftCardCode ? { giftCardCode: payment.giftCardCode } : {}),
  }));
}

/** The server takes at most ten payments per sale. */
export const MAX_PAYMENTS = 10;

/**
 * Quick cash buttons: the exact amount, then the next round amounts a customer is likely to hand
 * over (the amount rounded up to 1, 5, 10, 20, 50, 100… of the major unit). A currency without
 * minor units (JPY, KRW) counts in hundreds, where its smallest coins and notes are.
 */
export function quickCashAmounts(due: Minor, currency: string, count = 5): Minor[] {
  if (due <= 0) return [];
  const decimals = currencyDecimals(currency);
  const unit = decimals === 0 ? 100 : 10 ** decimals;
  const steps = [1, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10_000].map((step) => step * unit);
  const amounts = new Set<Minor>([due]);
  for (const step of steps) {
    if (amounts.size >= count) break;
    const rounded = Math.ceil(due / step) * step;
    if (rounded > due) amounts.add(rounded);
  }
  return [...amounts].sort((a, b) => a - b);
}

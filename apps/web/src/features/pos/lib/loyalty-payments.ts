import { maxPointsPayment, pointsEarned, type LoyaltySettings, type Minor } from '@till/core';
import type { PaymentEntry, PaymentResult } from './payments';

/**
 * The till's side of loyalty points and gift cards (decision 064, 066): pure rules for the two
 * payment methods and what a sale earns. Loaded on demand with the dialogs that use them (core's
 * loyalty rules never reach the till's first download, decision 058).
 */

type Formatted = (amount: Minor) => string;

/** What a card still holds for this sale: its balance less what earlier payments in this sale take from it. */
export function giftCardAvailable(balance: Minor, code: string, payments: readonly PaymentEntry[]): Minor {
  const taken = payments.filter((payment) => payment.method === 'gift_card' && payment.giftCardCode === code).reduce((sum, payment) => sum + payment.amount, 0);
  return Math.max(0, balance - taken);
}

/**
 * A gift card payment: no more than the card holds and no more than remains (blank: as much of
 * both as it can). Without multiple_payments the card must cover everything that remains.
 */
export function giftCardPayment(input: {
  code: string;
  balance: Minor;
  remaining: Minor;
  /** The amount typed, or null for as much as the card and the sale allow. */
  amount: Minor | null;
  payments: readonly PaymentEntry[];
  multiplePayments: boolean;
  formatted: Formatted;
}): PaymentResult {
  const { remaining, formatted } = input;
  if (remaining <= 0) return { ok: false, message: 'Nothing remains to be paid.' };
  const available = giftCardAvailable(input.balance, input.code, input.payments);
  if (available <= 0) {
    return { ok: false, message: input.balance <= 0 ? 'This gift card is empty (it was spent or cancelled): take another payment.' : 'This sale already takes everything on this gift card.' };
  }
  const most = Math.min(available, remaining);
  const amount = input.amount ?? most;
  if (!Number.isSafeInteger(amount) || amount <= 0) return { ok: false, message: 'Enter the amount to take from the gift card.' };
  if (amount > available) return { ok: false, message: `The gift card holds only ${formatted(available)}.` };
  if (amount > remaining) return { ok: false, message: `Only ${formatted(remaining)} remains to be paid.` };
  if (amount < remaining && !input.multiplePayments) {
    return {
      ok: false,
      message: available < remaining ? `The gift card holds ${formatted(available)}, less than the ${formatted(remaining)} to pay, and this till takes one payment per sale.` : `The payment must cover the whole ${formatted(remaining)}.`,
    };
  }
  return { ok: true, payment: { method: 'gift_card', amount, giftCardCode: input.code } };
}

/** The customer's points not yet taken by this sale's earlier points payments. */
export function pointsAvailable(balance: number, payments: readonly PaymentEntry[]): number {
  return Math.max(0, balance - payments.reduce((sum, payment) => sum + (payment.method === 'points' ? (payment.points ?? 0) : 0), 0));
}

/** The most the customer's points pay of what remains (whole points, never more than remains). */
export const mostPoints = (settings: LoyaltySettings, available: number, remaining: Minor) => maxPointsPayment(settings, available, remaining);

/**
 * A points payment of `points` whole points (null: as many as the balance and what remains allow).
 * Without multiple_payments the points must cover everything that remains.
 */
export function pointsPayment(input: {
  settings: LoyaltySettings;
  balance: number;
  remaining: Minor;
  points: number | null;
  payments: readonly PaymentEntry[];
  multiplePayments: boolean;
  formatted: Formatted;
}): PaymentResult {
  const { settings, remaining, formatted } = input;
  if (remaining <= 0) return { ok: false, message: 'Nothing remains to be paid.' };
  const available = pointsAvailable(input.balance, input.payments);
  const most = mostPoints(settings, available, remaining);
  if (most.points <= 0) {
    return { ok: false, message: available <= 0 ? 'The customer has no points to redeem.' : `One point pays ${formatted(settings.pointValue)}: more than the ${formatted(remaining)} that remains.` };
  }
  const points = input.points ?? most.points;
  if (!Number.isSafeInteger(points) || points <= 0) return { ok: false, message: 'Enter a whole number of points.' };
  if (points > available) return { ok: false, message: `The customer has only ${available} points.` };
  const amount = points * settings.pointValue;
  if (amount > remaining) return { ok: false, message: `${points} points pay ${formatted(amount)}, more than the ${formatted(remaining)} that remains: at most ${most.points}.` };
  if (amount < remaining && !input.multiplePayments) {
    return { ok: false, message: `${points} points pay ${formatted(amount)}, not the whole ${formatted(remaining)}, and this till takes one payment per sale.` };
  }
  return { ok: true, payment: { method: 'points', amount, points } };
}

/**
 * What this sale earns the customer, as the server will count it: the total less gift cards sold
 * and less what points pay, at the customer's tier (from their lifetime spend before the sale).
 */
export function saleEarns(settings: LoyaltySettings, sale: { total: Minor; giftCardsSold: Minor; paidWithPoints: Minor; lifetimeSpend: Minor }): number {
  const eligible = Math.max(0, sale.total - sale.giftCardsSold - sale.paidWithPoints);
  return pointsEarned(settings, eligible, sale.lifetimeSpend);
}

/** The balance check's refusal as the cashier reads it. */
export function giftCardCheckMessage(error: { status?: number; code?: string } | null | undefined): string | null {
  if (!error) return null;
  if (error.code === 'invalid_gift_card_code') return 'That is not a gift card code: check the 16 digits.';
  if (error.code === 'gift_card_not_found' || error.status === 404) return 'No gift card has that code. Check the digits, or take another payment.';
  if (error.code === 'feature_disabled' || error.status === 403) return 'Gift cards are not on for this business.';
  return null;
}

import { DEFAULT_LOYALTY_SETTINGS } from '@till/core';
import { describe, expect, it } from 'vitest';
import { giftCardAvailable, giftCardCheckMessage, giftCardPayment, pointsAvailable, pointsPayment, saleEarns } from './loyalty-payments';
import type { PaymentEntry, PaymentResult } from './payments';

const formatted = (amount: number) => `$${(amount / 100).toFixed(2)}`;
const code = '6012345678901238';
const spent = (amount: number): PaymentEntry => ({ id: 'p1', method: 'gift_card', amount, giftCardCode: code });
const card = (over: Partial<Parameters<typeof giftCardPayment>[0]> = {}) =>
  giftCardPayment({ code, balance: 3000, remaining: 5000, amount: null, payments: [], multiplePayments: true, formatted, ...over });
const paid = (amount: number): PaymentResult => ({ ok: true, payment: { method: 'gift_card', amount, giftCardCode: code } });
const redeemed = (count: number, amount: number): PaymentResult => ({ ok: true, payment: { method: 'points', amount, points: count } });
const refused = (message: string): PaymentResult => ({ ok: false, message });
const points = (over: Partial<Parameters<typeof pointsPayment>[0]> = {}) =>
  pointsPayment({ settings: DEFAULT_LOYALTY_SETTINGS, balance: 800, remaining: 5000, points: null, payments: [], multiplePayments: true, formatted, ...over });

describe('a gift card payment: capped by its balance and by what remains (decision 064)', () => {
  it.each<[string, Partial<Parameters<typeof giftCardPayment>[0]>, PaymentResult]>([
    ['blank takes the whole balance when less remains on it', {}, paid(3000)],
    ['blank takes what remains when the card holds more', { balance: 9000 }, paid(5000)],
    ['a typed part', { amount: 1200 }, paid(1200)],
    ['more than the card holds', { amount: 3001 }, refused('The gift card holds only $30.00.')],
    ['more than remains', { balance: 9000, amount: 5001 }, refused('Only $50.00 remains to be paid.')],
    ['an empty or cancelled card', { balance: 0 }, refused('This gift card is empty (it was spent or cancelled): take another payment.')],
    ['a card this sale already empties', { payments: [spent(3000)] }, refused('This sale already takes everything on this gift card.')],
    ['one payment only, the card short', { multiplePayments: false }, refused('The gift card holds $30.00, less than the $50.00 to pay, and this till takes one payment per sale.')],
    ['one payment only, the card enough', { multiplePayments: false, balance: 5000 }, paid(5000)],
    ['nothing remains', { remaining: 0 }, refused('Nothing remains to be paid.')],
  ])('%s', (_name, over, expected) => {
    expect(card(over)).toEqual(expected);
  });

  it('counts what earlier payments in this sale take from the same card only', () => {
    expect(giftCardAvailable(3000, code, [spent(1000), { id: 'p2', method: 'gift_card', amount: 500, giftCardCode: '4111111111111111' }])).toBe(2000);
    expect(card({ payments: [spent(1000)] })).toMatchObject({ ok: true, payment: { amount: 2000 } });
  });
});

describe('a points payment: whole points, capped by the balance and by what remains', () => {
  const cents = { ...DEFAULT_LOYALTY_SETTINGS, pointValue: 5 };
  it.each<[string, Partial<Parameters<typeof pointsPayment>[0]>, PaymentResult]>([
    ['blank redeems every point when they pay less than remains', {}, redeemed(800, 800)],
    ['blank stops at what remains', { remaining: 300 }, redeemed(300, 300)],
    ['a typed number of points', { points: 250 }, redeemed(250, 250)],
    ['whole points only: 5 minor units a point, 12 remaining, 2 points', { settings: cents, remaining: 12 }, redeemed(2, 10)],
    ['more points than the customer has', { points: 801 }, refused('The customer has only 800 points.')],
    ['points worth more than remains', { remaining: 300, points: 301 }, refused('301 points pay $3.01, more than the $3.00 that remains: at most 300.')],
    ['no points', { balance: 0 }, refused('The customer has no points to redeem.')],
    ['a point worth more than remains', { settings: cents, remaining: 4 }, refused('One point pays $0.05: more than the $0.04 that remains.')],
    ['a fraction of a point', { points: 2.5 }, refused('Enter a whole number of points.')],
    ['one payment only, the points short', { multiplePayments: false }, refused('800 points pay $8.00, not the whole $50.00, and this till takes one payment per sale.')],
  ])('%s', (_name, over, expected) => {
    expect(points(over)).toEqual(expected);
  });

  it('counts the points earlier payments in this sale redeem', () => {
    expect(pointsAvailable(800, [{ id: 'p', method: 'points', amount: 300, points: 300 }])).toBe(500);
  });
});

describe('what a sale earns, as the server counts it', () => {
  it.each([
    ['one point per whole unit, Bronze', { total: 1999, giftCardsSold: 0, paidWithPoints: 0, lifetimeSpend: 0 }, 19],
    ['not on a gift card sold', { total: 4500, giftCardsSold: 2500, paidWithPoints: 0, lifetimeSpend: 0 }, 20],
    ['not on what points paid', { total: 4500, giftCardsSold: 0, paidWithPoints: 500, lifetimeSpend: 0 }, 40],
    ['Silver earns 1.25×', { total: 1000, giftCardsSold: 0, paidWithPoints: 0, lifetimeSpend: 50_000 }, 12],
    ['a gift card alone earns nothing', { total: 2500, giftCardsSold: 2500, paidWithPoints: 0, lifetimeSpend: 0 }, 0],
  ])('%s', (_name, sale, expected) => {
    expect(saleEarns(DEFAULT_LOYALTY_SETTINGS, sale)).toBe(expected);
  });
});

describe('the balance check refusals', () => {
  it.each([
    [{ status: 422, code: 'invalid_gift_card_code' }, 'That is not a gift card code: check the 16 digits.'],
    [{ status: 404, code: 'gift_card_not_found' }, 'No gift card has that code. Check the digits, or take another payment.'],
    [{ status: 403, code: 'feature_disabled' }, 'Gift cards are not on for this business.'],
    [{ status: 500, code: 'server_error' }, null],
  ])('%o', (error, message) => {
    expect(giftCardCheckMessage(error)).toBe(message);
  });
});

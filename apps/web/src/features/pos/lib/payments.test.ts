import { formatMoney } from '@till/core';
import { describe, expect, it } from 'vitest';
import { cashPayment, changeDue, nonCashPayment, paidTotal, quickCashAmounts, remainingDue, toCheckoutPayments, type PaymentEntry } from './payments';

const usd = (amount: number) => formatMoney(amount, 'USD');

describe('split payments', () => {
  it('part card, part cash: the remaining falls to zero and the excess cash is change', () => {
    const total = 1980;
    const payments: PaymentEntry[] = [];
    const card = nonCashPayment({ method: 'card', remaining: remainingDue(total, payments), amount: 1000, reference: ' 4411 ', multiplePayments: true, formatted: usd });
    expect(card).toEqual({ ok: true, payment: { method: 'card', amount: 1000, reference: '4411' } });
    if (card.ok) payments.push({ id: '1', ...card.payment });
    expect(remainingDue(total, payments)).toBe(980);

    const cash = cashPayment({ remaining: remainingDue(total, payments), tendered: 2000, multiplePayments: true, formatted: usd });
    expect(cash).toEqual({ ok: true, payment: { method: 'cash', amount: 980, tendered: 2000 } });
    if (cash.ok) payments.push({ id: '2', ...cash.payment });
    expect(remainingDue(total, payments)).toBe(0);
    expect(paidTotal(payments)).toBe(total);
    expect(changeDue(payments)).toBe(1020);
    expect(toCheckoutPayments(total, payments)).toEqual([
      { method: 'card', amount: 1000, reference: '4411' },
      { method: 'cash', amount: 980, tendered: 2000 },
    ]);
  });

  it('cash short of the remaining is a part payment, with no change', () => {
    const cash = cashPayment({ remaining: 1980, tendered: 500, multiplePayments: true, formatted: usd });
    expect(cash).toEqual({ ok: true, payment: { method: 'cash', amount: 500, tendered: 500 } });
    expect(changeDue([{ id: 'x', method: 'cash', amount: 500, tendered: 500 }])).toBe(0);
  });

  it('without multiple_payments one payment must cover everything', () => {
    expect(cashPayment({ remaining: 1980, tendered: 1000, multiplePayments: false, formatted: usd })).toEqual({
      ok: false,
      message: 'That is $9.80 short of $19.80.',
    });
    expect(nonCashPayment({ method: 'card', remaining: 1980, amount: 1000, multiplePayments: false, formatted: usd }).ok).toBe(false);
    expect(nonCashPayment({ method: 'card', remaining: 1980, amount: 1980, multiplePayments: false, formatted: usd }).ok).toBe(true);
  });

  it('a card never takes more than remains, and nothing is taken when nothing remains', () => {
    expect(nonCashPayment({ method: 'card', remaining: 1000, amount: 1001, multiplePayments: true, formatted: usd })).toEqual({
      ok: false,
      message: 'Only $10.00 remains to be paid.',
    });
    expect(cashPayment({ remaining: 0, tendered: 100, multiplePayments: true, formatted: usd }).ok).toBe(false);
    expect(cashPayment({ remaining: 100, tendered: 0, multiplePayments: true, formatted: usd }).ok).toBe(false);
  });

  it('an overpayment never makes the remaining negative', () => {
    expect(remainingDue(1000, [{ id: 'x', method: 'card', amount: 1500 }])).toBe(0);
  });

  it('a free sale is settled with one zero cash payment', () => {
    expect(toCheckoutPayments(0, [])).toEqual([{ method: 'cash', amount: 0 }]);
  });
});

describe('quick cash amounts', () => {
  it('the exact amount first, then round notes above it', () => {
    expect(quickCashAmounts(1234, 'USD')).toEqual([1234, 1300, 1500, 2000, 5000]);
    expect(quickCashAmounts(1980, 'USD')).toEqual([1980, 2000, 5000, 10_000, 20_000]);
    expect(quickCashAmounts(2000, 'EUR')).toEqual([2000, 5000, 10_000, 20_000, 50_000]);
  });

  it('works in currencies without or with three decimals', () => {
    expect(quickCashAmounts(1234, 'JPY')).toEqual([1234, 1300, 1500, 2000, 5000]);
    expect(quickCashAmounts(12_345, 'KWD')).toEqual([12_345, 13_000, 15_000, 20_000, 50_000]);
  });

  it('offers nothing for nothing due', () => {
    expect(quickCashAmounts(0, 'USD')).toEqual([]);
  });
});

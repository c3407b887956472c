import { describe, expect, it } from 'vitest';
import { describeEvent, formatDateTime, money, orderStatusLabel, orderTitle, paidBackText, refundMoney, refundSentences } from './format';

describe('format', () => {
  it('formats money in the currency, refunds with a minus sign', () => {
    expect(money(123456, 'USD')).toBe('$1,234.56');
    expect(money(500, 'JPY')).toBe('¥500');
    expect(refundMoney(-500, 'USD')).toBe('−$5.00');
    expect(refundMoney(500, 'USD')).toBe('−$5.00');
  });

  it('shows times in the business time zone', () => {
    const iso = '2025-03-10T03:00:00Z';
    expect(formatDateTime(iso, 'America/Los_Angeles')).toContain('Mar 9, 2025');
    expect(formatDateTime(iso, 'Europe/Berlin')).toContain('Mar 10, 2025');
  });

  it('names statuses and orders', () => {
    expect(orderStatusLabel('partially_refunded')).toBe('Partially refunded');
    expect(orderStatusLabel('on_hold')).toBe('On hold');
    expect(orderTitle({ number: 12, status: 'paid' })).toBe('Sale #12');
    expect(orderTitle({ number: null, status: 'parked' })).toBe('Parked sale');
  });

  it('describes history events', () => {
    expect(describeEvent({ type: 'paid', details: { total: 1200, methods: ['card', 'cash', 'card'] } }, 'USD')).toEqual({
      action: 'Took $12.00 by card and cash',
      note: null,
    });
    expect(describeEvent({ type: 'refunded', details: { total: 600, method: 'card', reason: 'Damaged' } }, 'USD')).toEqual({
      action: 'Refunded $6.00 to card',
      note: 'Damaged',
    });
    expect(describeEvent({ type: 'refunded', details: { total: 2400, methods: ['card', 'cash'], reason: 'Chipped' } }, 'USD')).toEqual({
      action: 'Refunded $24.00 to card and cash',
      note: 'Chipped',
    });
    expect(paidBackText([{ method: 'card', amount: -1000 }, { method: 'cash', amount: -375 }], 'USD')).toBe('card $10.00 and cash $3.75');
    expect(describeEvent({ type: 'voided', details: { reason: 'left' } }, 'USD')).toEqual({ action: 'Voided the sale', note: 'left' });
    expect(describeEvent({ type: 'parked', details: {} }, 'USD')).toEqual({ action: 'Parked the sale', note: null });
    expect(describeEvent({ type: 'price_changed', details: {} }, 'USD').action).toBe('Price changed');
  });
});

describe('refundSentences: one sentence per method', () => {
  it.each([
    ['a card refund', [{ method: 'card', amount: 850 }], ['$8.50 back to the card.']],
    ['a cash refund, given as a refund row', [{ method: 'cash', amount: -375 }], ['$3.75 back in cash.']],
    [
      'a split refund',
      [
        { method: 'card', amount: 1000 },
        { method: 'cash', amount: 375 },
      ],
      ['$10.00 back to the card.', '$3.75 back in cash.'],
    ],
    ['another method', [{ method: 'other', amount: 200 }], ['$2.00 back the other way it was paid.']],
    ['nothing', [], []],
  ] as const)('%s', (_name, shares, expected) => {
    expect(refundSentences(shares, 'USD')).toEqual(expected);
  });
});

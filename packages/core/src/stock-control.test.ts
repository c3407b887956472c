import { describe, expect, it } from 'vitest';
import { LOW_STOCK_DIGEST_HOUR, lowStockDigestDue, lowStockDigestMessage } from './stock-control.ts';

describe('lowStockDigestDue', () => {
  const at7 = LOW_STOCK_DIGEST_HOUR * 60;
  it.each([
    ['before 07:00', { minuteOfDay: at7 - 1, lowStockAlerts: true, alreadySentToday: false }, false],
    ['at 07:00', { minuteOfDay: at7, lowStockAlerts: true, alreadySentToday: false }, true],
    ['late evening', { minuteOfDay: 23 * 60 + 59, lowStockAlerts: true, alreadySentToday: false }, true],
    ['already sent today', { minuteOfDay: at7 + 60, lowStockAlerts: true, alreadySentToday: true }, false],
    ['alerts switched off', { minuteOfDay: at7 + 60, lowStockAlerts: false, alreadySentToday: false }, false],
  ])('%s → %s', (_label, input, due) => {
    expect(lowStockDigestDue(input)).toBe(due);
  });
});

describe('lowStockDigestMessage', () => {
  const base = { businessName: 'Corner Shop', day: '2026-11-26', appUrl: 'https://till.example/', purchaseOrders: true };

  it('lists each product with what is left and its alert level, and links to the low-stock list and Reorder', () => {
    const { subject, body } = lowStockDigestMessage({ ...base, lines: [{ name: 'Milk 1 l', onHand: 0, threshold: 6 }, { name: 'Bread', onHand: 2, threshold: 5 }], total: 2 });
    expect(subject).toBe('Low stock at Corner Shop: 2 products');
    expect(body).toContain('2 products are at or below the low-stock level at Corner Shop on 2026-11-26:');
    expect(body).toContain('- Milk 1 l: 0 left (alert at 6)\n- Bread: 2 left (alert at 5)');
    expect(body).toContain('https://till.example/products?low=1');
    expect(body).toContain('https://till.example/purchase-orders');
  });

  it.each([
    ['one product', 1, 1, 'Low stock at Corner Shop: 1 product', '1 product is at or below', null],
    ['more than listed', 1, 60, 'Low stock at Corner Shop: 60 products', '60 products are', '- and 59 more'],
  ])('%s', (_label, listed, total, subject, sentence, more) => {
    const lines = Array.from({ length: listed }, (_, i) => ({ name: `P${i}`, onHand: 1, threshold: 5 }));
    const message = lowStockDigestMessage({ ...base, lines, total });
    expect(message.subject).toBe(subject);
    expect(message.body).toContain(sentence);
    if (more) expect(message.body).toContain(more);
    else expect(message.body).not.toContain('more');
  });

  it('without purchase orders it does not link to a page the business cannot open', () => {
    const { body } = lowStockDigestMessage({ ...base, purchaseOrders: false, lines: [{ name: 'Eggs', onHand: 1, threshold: 5 }], total: 1 });
    expect(body).not.toContain('/purchase-orders');
    expect(body).toContain('Reorder from your suppliers');
  });
});

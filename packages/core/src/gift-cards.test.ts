import { describe, expect, it } from 'vitest';
import { buildReceipt, type ReceiptSource } from './receipt-layout.ts';
import {
  allocateGiftCardRefund,
  formatGiftCardCode,
  giftCardBalanceAfterRedeem,
  giftCardBalanceOf,
  luhnCheckDigit,
  makeGiftCardCode,
  maskGiftCardCode,
  normalizeGiftCardCode,
} from './gift-cards.ts';

describe('luhnCheckDigit', () => {
  it.each([
    ['7992739871', 3],
    ['411111111111111', 1],
    ['000000000000000', 0],
    ['601234567890123', 4],
  ])('%s → %i', (payload, digit) => {
    expect(luhnCheckDigit(payload)).toBe(digit);
  });
});

describe('normalizeGiftCardCode', () => {
  it.each([
    ['4111111111111111', '4111111111111111'],
    ['4111 1111 1111 1111', '4111111111111111'],
    [' 4111-1111-1111-1111 ', '4111111111111111'],
    ['4111111111111112', null],
    ['411111111111111', null],
    ['41111111111111111', null],
    ['4111x11111111111', null],
    ['', null],
  ])('%j → %s', (input, expected) => {
    expect(normalizeGiftCardCode(input)).toBe(expected);
  });
});

describe('formatting', () => {
  it('groups of four and a masked tail', () => {
    expect(formatGiftCardCode('4111111111111111')).toBe('4111 1111 1111 1111');
    expect(maskGiftCardCode('4111111111111234')).toBe('•••• 1234');
  });
});

describe('makeGiftCardCode', () => {
  it.each([[() => 0], [() => 9], [() => 5]])('makes a valid code that never starts with 0 (%#)', (digit) => {
    const code = makeGiftCardCode(digit);
    expect(code).toHaveLength(16);
    expect(code[0]).not.toBe('0');
    expect(normalizeGiftCardCode(code)).toBe(code);
  });
  it('makes valid codes from random digits', () => {
    for (let run = 0; run < 50; run++) {
      const code = makeGiftCardCode(() => Math.floor(Math.random() * 10));
      expect(normalizeGiftCardCode(code)).toBe(code);
    }
  });
});

describe('balances', () => {
  it.each([
    [5_000, 2_000, 3_000],
    [5_000, 5_000, 0],
    [5_000, 5_001, null],
    [5_000, 0, null],
    [5_000, -1, null],
  ])('%i less %i → %s', (balance, amount, expected) => {
    expect(giftCardBalanceAfterRedeem(balance, amount)).toBe(expected);
  });
  it('a history adds up to the balance', () => {
    expect(giftCardBalanceOf([{ amount: 5_000 }, { amount: -1_200 }, { amount: 300 }])).toBe(4_100);
    expect(giftCardBalanceOf([])).toBe(0);
  });
});

describe('allocateGiftCardRefund', () => {
  it.each([
    ['one card gets it back', [{ giftCardId: 'a', paid: 1_000, returned: 0 }], 400, [{ giftCardId: 'a', amount: 400 }]],
    [
      'the first card up to what it paid, then the next',
      [
        { giftCardId: 'a', paid: 1_000, returned: 800 },
        { giftCardId: 'b', paid: 500, returned: 0 },
      ],
      400,
      [
        { giftCardId: 'a', amount: 200 },
        { giftCardId: 'b', amount: 200 },
      ],
    ],
    ['nothing to give back', [{ giftCardId: 'a', paid: 1_000, returned: 1_000 }], 400, []],
    ['nothing asked', [{ giftCardId: 'a', paid: 1_000, returned: 0 }], 0, []],
  ])('%s', (_name, paid, amount, expected) => {
    expect(allocateGiftCardRefund(paid, amount)).toEqual(expected);
  });
});

describe('the receipt of a sale with gift cards and points (decision 066)', () => {
  const source = (loyalty: { earned: number; redeemed: number; balance: number } | null): ReceiptSource => ({
    order: { number: 9, status: 'paid', currency: 'USD', pricesIncludeTax: true, discountTotal: 0, taxTotal: 0, total: 4500, refundedTotal: 0, note: null, createdAt: '2026-01-01T12:00:00Z', paidAt: '2026-01-01T12:00:00Z' },
    lines: [
      { id: 'l1', name: 'Tea', unitPrice: 2000, quantity: 1, taxRateBasisPoints: 0, lineDiscountAmount: 0, orderDiscountShare: 0, net: 2000, tax: 0, total: 2000, note: null },
      { id: 'l2', name: `Gift card ${maskGiftCardCode('6012345678901238')}`, unitPrice: 2500, quantity: 1, taxRateBasisPoints: 0, lineDiscountAmount: 0, orderDiscountShare: 0, net: 2500, tax: 0, total: 2500, note: null },
    ],
    payments: [
      { method: 'gift_card', amount: 4000, tendered: null, change: null, reference: '•••• 1111' },
      { method: 'points', amount: 500, tendered: null, change: null, reference: null },
    ],
    change: 0,
    refunds: [],
    customer: { name: 'Ann' },
    loyalty,
    business: { name: 'Shop', currency: 'USD', timeZone: 'UTC' },
  });
  const texts = (receipt: ReturnType<typeof buildReceipt>) => receipt.rows.map((row) => ('text' in row ? row.text : 'label' in row ? row.label : row.kind));

  it('shows the card sold by its last 4 digits only, names the methods, and prints the points', () => {
    const rows = texts(buildReceipt(source({ earned: 20, redeemed: 500, balance: 35 })));
    expect(rows).toContain('1 x Gift card •••• 1238');
    expect(rows.join('\n')).not.toContain('6012345678901238');
    expect(rows).toEqual(expect.arrayContaining(['Gift card', 'Ref: •••• 1111', 'Points', 'Points redeemed: 500 points', 'Points earned: 20 points', 'Points balance: 35 points']));
  });

  it('prints no points when the sale moved none', () => {
    expect(texts(buildReceipt(source(null))).some((text) => text.startsWith('Points '))).toBe(false);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { currencyDecimals, divideRounded, formatMoney, parseMoney } from './money.ts';
import { allocateProportionally, priceCart, type CartLineInput, type Discount } from './pricing.ts';

describe('money', () => {
  it.each([
    ['JPY', 0],
    ['USD', 2],
    ['EUR', 2],
    ['KWD', 3],
    ['BHD', 3],
  ])('%s has %i decimals', (currency, decimals) => {
    expect(currencyDecimals(currency)).toBe(decimals);
  });

  it.each([
    [5n, 2n, 3n],
    [-5n, 2n, -3n],
    [4n, 3n, 1n],
    [5n, 3n, 2n],
    [7n, 2n, 4n],
    [0n, 7n, 0n],
  ])('divideRounded(%s, %s) = %s (half away from zero)', (n, d, expected) => {
    expect(divideRounded(n, d)).toBe(expected);
  });

  it.each([
    ['12.50', 'USD', 1250],
    ['12', 'USD', 1200],
    ['0.5', 'USD', 50],
    ['1500', 'JPY', 1500],
    ['1.234', 'KWD', 1234],
    ['3,5', 'EUR', 350],
  ])('parseMoney(%s, %s) = %i', (text, currency, minor) => {
    expect(parseMoney(text, currency)).toBe(minor);
  });

  it.each([['1.234', 'USD'], ['1.5', 'JPY'], ['abc', 'USD'], ['1e3', 'USD'], ['', 'USD']])('parseMoney refuses %s in %s', (text, currency) => {
    expect(() => parseMoney(text, currency)).toThrow();
  });

  it('formats in the currency', () => {
    expect(formatMoney(1250, 'USD')).toBe('$12.50');
    expect(formatMoney(1500, 'JPY')).toBe('¥1,500');
    expect(formatMoney(1234, 'KWD')).toContain('1.234');
  });
});

describe('priceCart examples', () => {
  it('tax-exclusive: adds tax per line, half away from zero', () => {
    const cart = priceCart({
      pricesIncludeTax: false,
      lines: [
        { unitPrice: 199, quantity: 3, taxRateBasisPoints: 825 }, // 597 → tax 49.25 → 49
        { unitPrice: 1000, quantity: 1, taxRateBasisPoints: 0 },
      ],
    });
    expect(cart.lines.map((line) => [line.net, line.tax, line.total])).toEqual([
      [597, 49, 646],
      [1000, 0, 1000],
    ]);
    expect(cart).toMatchObject({ subtotal: 1597, taxTotal: 49, total: 1646 });
  });

  it('tax-inclusive: the price already holds the tax', () => {
    const cart = priceCart({ pricesIncludeTax: true, lines: [{ unitPrice: 1200, quantity: 1, taxRateBasisPoints: 2000 }] });
    expect(cart.lines[0]).toMatchObject({ net: 1000, tax: 200, total: 1200 });
  });

  it('line then order discounts; the order discount is shared exactly', () => {
    const cart = priceCart({
      pricesIncludeTax: false,
      orderDiscount: { kind: 'amount', amount: 100 },
      lines: [
        { unitPrice: 1000, quantity: 1, taxRateBasisPoints: 1000, discount: { kind: 'percent', basisPoints: 1000 } }, // 900 left
        { unitPrice: 300, quantity: 1, taxRateBasisPoints: 0 }, // 300 left
      ],
    });
    expect(cart.lines.map((line) => line.orderDiscountShare)).toEqual([75, 25]);
    expect(cart.discountTotal).toBe(200);
    expect(cart.lines[0]).toMatchObject({ net: 825, tax: 83, total: 908 });
    expect(cart.total).toBe(908 + 275);
  });

  it('caps a discount at what the line costs', () => {
    const cart = priceCart({
      pricesIncludeTax: false,
      lines: [{ unitPrice: 500, quantity: 1, taxRateBasisPoints: 0, discount: { kind: 'amount', amount: 900 } }],
    });
    expect(cart.total).toBe(0);
  });

  it.each([
    [{ unitPrice: 1.5, quantity: 1, taxRateBasisPoints: 0 }],
    [{ unitPrice: -1, quantity: 1, taxRateBasisPoints: 0 }],
    [{ unitPrice: 100, quantity: 0, taxRateBasisPoints: 0 }],
    [{ unitPrice: 100, quantity: 1.5, taxRateBasisPoints: 0 }],
    [{ unitPrice: 100, quantity: 1, taxRateBasisPoints: -5 }],
  ])('refuses %j', (line) => {
    expect(() => priceCart({ pricesIncludeTax: false, lines: [line] })).toThrow();
  });

  it('allocates remainders to the largest fractions', () => {
    expect(allocateProportionally(10, [1, 1, 1])).toEqual([4, 3, 3]);
    expect(allocateProportionally(0, [5, 5])).toEqual([0, 0]);
    expect(allocateProportionally(7, [0, 0])).toEqual([0, 0]);
  });
});

const discountArb = (maxAmount: number): fc.Arbitrary<Discount | null> =>
  fc.oneof(
    fc.constant(null),
    fc.integer({ min: 0, max: maxAmount }).map((amount) => ({ kind: 'amount' as const, amount })),
    fc.integer({ min: 0, max: 10_000 }).map((basisPoints) => ({ kind: 'percent' as const, basisPoints })),
  );

describe.each([
  ['JPY', 0],
  ['USD', 2],
  ['KWD', 3],
])('priceCart properties in %s (%i decimals)', (_currency, decimals) => {
  const scale = 10 ** decimals;
  const lineArb: fc.Arbitrary<CartLineInput> = fc.record({
    unitPrice: fc.integer({ min: 0, max: 5_000 * scale }),
    quantity: fc.integer({ min: 1, max: 50 }),
    taxRateBasisPoints: fc.constantFrom(0, 500, 700, 825, 1000, 1900, 2000, 2500),
    discount: discountArb(1_000 * scale),
  });
  const cartArb = fc.record({
    lines: fc.array(lineArb, { minLength: 1, maxLength: 12 }),
    orderDiscount: discountArb(5_000 * scale),
    pricesIncludeTax: fc.boolean(),
  });

  it('lines + tax = total to the minor unit, and totals add up', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const priced = priceCart(cart);
        for (const line of priced.lines) {
          expect(Number.isInteger(line.net) && Number.isInteger(line.tax)).toBe(true);
          expect(line.net + line.tax).toBe(line.total);
          expect(line.net).toBeGreaterThanOrEqual(0);
          expect(line.tax).toBeGreaterThanOrEqual(0);
        }
        expect(priced.subtotal + priced.taxTotal).toBe(priced.total);
        expect(priced.taxByRate.reduce((sum, rate) => sum + rate.net + rate.tax, 0)).toBe(priced.total);
        const gross = priced.lines.reduce((sum, line) => sum + line.gross, 0);
        if (cart.pricesIncludeTax) expect(priced.total).toBe(gross - priced.discountTotal);
        else expect(priced.subtotal).toBe(gross - priced.discountTotal);
      }),
      { numRuns: 400 },
    );
  });

  it('the order discount is shared out exactly, never more than what is left', () => {
    fc.assert(
      fc.property(cartArb, (cart) => {
        const priced = priceCart(cart);
        const shared = priced.lines.reduce((sum, line) => sum + line.orderDiscountShare, 0);
        const left = priced.lines.reduce((sum, line) => sum + line.gross - line.lineDiscount, 0);
        expect(shared).toBeLessThanOrEqual(left);
        for (const line of priced.lines) expect(line.orderDiscountShare).toBeLessThanOrEqual(line.gross - line.lineDiscount);
      }),
      { numRuns: 300 },
    );
  });
});

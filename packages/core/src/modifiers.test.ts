import { describe, expect, it } from 'vitest';
import { modifierGroupsInput } from './contracts/modifiers.ts';
import { chooseModifiers, sameOptions, type ModifierGroup } from './modifiers.ts';
import { priceCart } from './pricing.ts';
import { buildReceipt } from './receipt-layout.ts';

const id = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const RARE = id(11);
const MEDIUM = id(12);
const WELL = id(13);
const CHEESE = id(21);
const BACON = id(22);
const NO_BUN = id(23);
const OTHER = id(99);

const groups: ModifierGroup[] = [
  {
    id: id(1),
    name: 'Doneness',
    minChoices: 1,
    maxChoices: 1,
    options: [
      { id: RARE, name: 'Rare', priceDelta: 0 },
      { id: MEDIUM, name: 'Medium', priceDelta: 0 },
      { id: WELL, name: 'Well done', priceDelta: 0 },
    ],
  },
  {
    id: id(2),
    name: 'Extras',
    minChoices: 0,
    maxChoices: 2,
    options: [
      { id: CHEESE, name: 'Extra cheese', priceDelta: 100 },
      { id: BACON, name: 'Bacon', priceDelta: 250 },
      { id: NO_BUN, name: 'No bun', priceDelta: -50 },
    ],
  },
];

describe('chooseModifiers', () => {
  it.each([
    ['one required choice', [MEDIUM], 1000, 0, ['Medium']],
    ['required + one extra', [MEDIUM, CHEESE], 1000, 100, ['Medium', 'Extra cheese']],
    ['catalogue order, not tap order', [BACON, RARE, CHEESE], 1000, 350, ['Rare', 'Extra cheese', 'Bacon']],
    ['a negative delta', [WELL, NO_BUN], 1000, -50, ['Well done', 'No bun']],
    ['a negative delta down to exactly zero', [WELL, NO_BUN], 50, -50, ['Well done', 'No bun']],
  ])('accepts %s', (_name, chosen, base, delta, names) => {
    const result = chooseModifiers(groups, chosen, base);
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.delta).toBe(delta);
    expect(result.modifiers.map((modifier) => modifier.name)).toEqual(names);
    expect(result.modifiers[0]).toMatchObject({ groupName: 'Doneness' });
  });

  it.each([
    ['nothing for a required group', [], 'modifier_required'],
    ['only an optional choice', [CHEESE], 'modifier_required'],
    ['two of a choose-one group', [RARE, MEDIUM], 'modifier_too_many'],
    ['three extras of at most two', [RARE, CHEESE, BACON, NO_BUN], 'modifier_too_many'],
    ['an option of another product', [RARE, OTHER], 'modifier_unknown'],
    ['the same option twice', [RARE, CHEESE, CHEESE], 'modifier_duplicate'],
  ])('refuses %s', (_name, chosen, code) => {
    const result = chooseModifiers(groups, chosen, 1000);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.code).toBe(code);
  });

  it('refuses options that take the price below zero', () => {
    const result = chooseModifiers(groups, [RARE, NO_BUN], 40);
    expect(result).toMatchObject({ ok: false, code: 'modifier_negative_price' });
  });

  it('a product without groups takes no options, and refuses any', () => {
    expect(chooseModifiers([], [], 500)).toEqual({ ok: true, modifiers: [], delta: 0 });
    expect(chooseModifiers([], [RARE], 500)).toMatchObject({ ok: false, code: 'modifier_unknown' });
  });
});

describe('modifierGroupsInput', () => {
  const option = (name: string, price_delta = 0) => ({ name, price_delta });
  it.each([
    ['a required choose-one group', [{ name: 'Doneness', min_choices: 1, max_choices: 1, options: [option('Rare'), option('Medium')] }], true],
    ['an optional group with a negative delta', [{ name: 'Extras', min_choices: 0, max_choices: 3, options: [option('No bun', -50)] }], true],
    ['min above max', [{ name: 'X', min_choices: 2, max_choices: 1, options: [option('a'), option('b')] }], false],
    ['min above the options', [{ name: 'X', min_choices: 3, max_choices: 3, options: [option('a'), option('b')] }], false],
    ['no options', [{ name: 'X', min_choices: 0, max_choices: 1, options: [] }], false],
    ['max zero', [{ name: 'X', min_choices: 0, max_choices: 0, options: [option('a')] }], false],
    ['a fractional delta', [{ name: 'X', min_choices: 0, max_choices: 1, options: [option('a', 1.5)] }], false],
    ['two options with one name', [{ name: 'X', min_choices: 0, max_choices: 1, options: [option('a'), option('A')] }], false],
    [
      'two groups with one name',
      [
        { name: 'X', min_choices: 0, max_choices: 1, options: [option('a')] },
        { name: 'x', min_choices: 0, max_choices: 1, options: [option('b')] },
      ],
      false,
    ],
    ['a name with a control character', [{ name: 'X\u0007', min_choices: 0, max_choices: 1, options: [option('a')] }], false],
  ])('%s → valid %s', (_name, groupsInput, valid) => {
    expect(modifierGroupsInput.safeParse({ groups: groupsInput }).success).toBe(valid);
  });
});

describe('priceCart with modifiers', () => {
  it.each([
    // unit, delta, qty, include tax, rate, line discount, expected gross, total, tax
    ['tax-exclusive, delta added before tax', 1000, 100, 2, false, 2000, null, 2200, 2640, 440],
    ['tax-inclusive', 1000, 100, 1, true, 2000, null, 1100, 1100, 183],
    ['percent discount on the modified price', 1000, 200, 1, false, 0, { kind: 'percent' as const, basisPoints: 5000 }, 1200, 600, 0],
    ['a negative delta', 1000, -50, 3, false, 0, null, 2850, 2850, 0],
    ['no modifiers', 1000, 0, 1, false, 1000, null, 1000, 1100, 100],
  ])('%s', (_name, unitPrice, modifierDelta, quantity, pricesIncludeTax, rate, discount, gross, total, tax) => {
    const priced = priceCart({ pricesIncludeTax, lines: [{ unitPrice, modifierDelta, quantity, taxRateBasisPoints: rate, discount }] });
    expect(priced.lines[0]).toMatchObject({ gross, total, tax });
    expect(priced.total).toBe(total);
  });

  it('the order discount is shared over modified prices', () => {
    const priced = priceCart({
      pricesIncludeTax: false,
      orderDiscount: { kind: 'amount', amount: 300 },
      lines: [
        { unitPrice: 1000, modifierDelta: 200, quantity: 1, taxRateBasisPoints: 0 },
        { unitPrice: 1800, quantity: 1, taxRateBasisPoints: 0 },
      ],
    });
    expect(priced.lines.map((line) => line.orderDiscountShare)).toEqual([120, 180]);
    expect(priced.total).toBe(2700);
  });

  it('refuses a modified price below zero', () => {
    expect(() => priceCart({ pricesIncludeTax: false, lines: [{ unitPrice: 100, modifierDelta: -200, quantity: 1, taxRateBasisPoints: 0 }] })).toThrow();
  });
});

describe('sameOptions', () => {
  it.each([
    [[], [], true],
    [[RARE, CHEESE], [CHEESE, RARE], true],
    [[RARE], [MEDIUM], false],
    [[RARE], [RARE, CHEESE], false],
  ])('%j vs %j → %s', (a, b, same) => {
    expect(sameOptions(a, b)).toBe(same);
  });
});

describe('the receipt', () => {
  it('lists the modifiers under their line, with their price changes', () => {
    const receipt = buildReceipt({
      order: { number: 7, status: 'paid', currency: 'USD', pricesIncludeTax: true, discountTotal: 0, taxTotal: 0, total: 2500, refundedTotal: 0, note: null, createdAt: '2026-01-01T12:00:00Z', paidAt: '2026-01-01T12:00:00Z' },
      lines: [
        {
          id: 'l1',
          name: 'Steak',
          unitPrice: 2500,
          quantity: 1,
          taxRateBasisPoints: 0,
          lineDiscountAmount: 0,
          orderDiscountShare: 0,
          net: 2500,
          tax: 0,
          total: 2500,
          note: 'no salt',
          modifiers: [
            { name: 'Medium', priceDelta: 0 },
            { name: 'Extra cheese', priceDelta: 100 },
          ],
        },
      ],
      payments: [{ method: 'card', amount: 2500, tendered: null, change: null, reference: null }],
      change: 0,
      refunds: [],
      customer: null,
      business: { name: 'Bistro', currency: 'USD', timeZone: 'UTC' },
    });
    const texts = receipt.rows.flatMap((row) => ('text' in row ? [row.text] : 'label' in row ? [row.label] : []));
    const at = texts.indexOf('1 x Steak');
    expect(texts.slice(at, at + 4)).toEqual(['1 x Steak', '+ Medium', '+ Extra cheese (+$1.00)', 'no salt']);
  });
});

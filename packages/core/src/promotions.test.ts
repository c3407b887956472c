import { describe, expect, it } from 'vitest';
import { promotionInput } from './contracts/promotions.ts';
import { priceCart } from './pricing.ts';
import { applyPromotions, isPromotionLive, promotionsForCart, type Promotion, type PromotionLine } from './promotions.ts';

const DRINKS = 'cat-drinks';
const promo = (id: string, rule: Promotion['rule'], extra: Partial<Promotion> = {}): Promotion => ({
  id,
  name: id,
  active: true,
  productId: null,
  categoryId: DRINKS,
  rule,
  startsOn: null,
  endsOn: null,
  daysOfWeek: [],
  startTime: null,
  endTime: null,
  ...extra,
});
const drink = (productId: string, unitPrice: number, quantity = 1): PromotionLine => ({ productId, categoryId: DRINKS, unitPrice, quantity });
const food = (unitPrice: number, quantity = 1): PromotionLine => ({ productId: 'bread', categoryId: 'cat-food', unitPrice, quantity });
const amounts = (lines: PromotionLine[], promotions: Promotion[]) => applyPromotions(lines, promotions).map((line) => (line ? `${line.promotionId}:${line.amount}` : null));

describe('applyPromotions: what each kind takes off', () => {
  it.each([
    ['20 % off the category, per line, rounded half up', [drink('tea', 250, 3), food(400)], [promo('p', { kind: 'percent_off', basisPoints: 2000 })], ['p:150', null]],
    ['12.5 % of 4 rounds half away from zero', [drink('tea', 4)], [promo('p', { kind: 'percent_off', basisPoints: 1250 })], ['p:1']],
    ['100 % takes the whole line', [drink('tea', 399, 2)], [promo('p', { kind: 'percent_off', basisPoints: 10_000 })], ['p:798']],
    ['amount off each unit', [drink('tea', 300, 2)], [promo('p', { kind: 'amount_off', amount: 50 })], ['p:100']],
    ['amount off never below zero', [drink('tea', 30, 2)], [promo('p', { kind: 'amount_off', amount: 50 })], ['p:60']],
    ['a product promotion leaves the rest of the category', [drink('tea', 300), drink('cola', 200)], [promo('p', { kind: 'amount_off', amount: 50 }, { productId: 'cola', categoryId: null })], [null, 'p:50']],
    ['buy 2 get 1: the cheapest of three is free, across lines', [drink('tea', 300, 2), drink('cola', 200)], [promo('p', { kind: 'buy_x_get_y', buyQuantity: 2, freeQuantity: 1 })], [null, 'p:200']],
    ['buy 2 get 1: two units are not enough', [drink('tea', 300, 2)], [promo('p', { kind: 'buy_x_get_y', buyQuantity: 2, freeQuantity: 1 })], [null]],
    ['buy 1 get 1: of 5 units, 2 free', [drink('tea', 300, 5)], [promo('p', { kind: 'buy_x_get_y', buyQuantity: 1, freeQuantity: 1 })], ['p:600']],
    ['bundle: 3 for 5.00 shared by price', [drink('tea', 300, 2), drink('cola', 200)], [promo('p', { kind: 'bundle_price', quantity: 3, price: 500 })], ['p:225', 'p:75']],
    ['bundle dearer than the units saves nothing', [drink('tea', 100, 3)], [promo('p', { kind: 'bundle_price', quantity: 3, price: 500 })], [null]],
    ['best for the customer: the larger saving wins the line', [drink('tea', 300)], [promo('a', { kind: 'amount_off', amount: 50 }), promo('b', { kind: 'percent_off', basisPoints: 2000 })], ['b:60']],
    ['equal savings: the lower id wins', [drink('tea', 500)], [promo('b', { kind: 'amount_off', amount: 100 }), promo('a', { kind: 'percent_off', basisPoints: 2000 })], ['a:100']],
    [
      'one promotion per line; the next best takes the lines left',
      [drink('tea', 300), drink('cola', 200)],
      [promo('a', { kind: 'amount_off', amount: 100 }, { productId: 'tea', categoryId: null }), promo('b', { kind: 'percent_off', basisPoints: 1000 })],
      ['a:100', 'b:20'],
    ],
  ])('%s', (_name, lines, promotions, expected) => {
    expect(amounts(lines, promotions)).toEqual(expected);
  });
});

describe('isPromotionLive: dates, days and happy hours in the business zone', () => {
  const happyHour = promo('h', { kind: 'percent_off', basisPoints: 5000 }, { daysOfWeek: [5], startTime: '17:00', endTime: '19:00' });
  const lateNight = promo('n', { kind: 'percent_off', basisPoints: 5000 }, { daysOfWeek: [5], startTime: '22:00', endTime: '02:00' });
  const dated = promo('d', { kind: 'percent_off', basisPoints: 5000 }, { startsOn: '2026-11-27', endsOn: '2026-11-30' });
  it.each([
    ['inactive never applies', promo('x', { kind: 'percent_off', basisPoints: 1 }, { active: false }), 'UTC', '2026-11-27T12:00:00Z', false],
    ['before its start date', dated, 'UTC', '2026-11-26T23:59:00Z', false],
    ['on its start date', dated, 'UTC', '2026-11-27T00:00:00Z', true],
    ['on its end date, late', dated, 'UTC', '2026-11-30T23:59:00Z', true],
    ['expired the day after', dated, 'UTC', '2026-12-01T00:00:00Z', false],
    ['the date is the zone’s: 23:30 UTC on the 26th is the 27th in Berlin', dated, 'Europe/Berlin', '2026-11-26T23:30:00Z', true],
    ['happy hour opens at 17:00 (Friday)', happyHour, 'UTC', '2026-11-27T17:00:00Z', true],
    ['happy hour, 16:59 is before', happyHour, 'UTC', '2026-11-27T16:59:00Z', false],
    ['happy hour ends at 19:00, exclusive', happyHour, 'UTC', '2026-11-27T19:00:00Z', false],
    ['happy hour, 18:59', happyHour, 'UTC', '2026-11-27T18:59:00Z', true],
    ['happy hour not on Thursday', happyHour, 'UTC', '2026-11-26T17:30:00Z', false],
    ['happy hour in New York: 17:30 local is 22:30 UTC', happyHour, 'America/New_York', '2026-11-27T22:30:00Z', true],
    ['happy hour in New York: 17:30 UTC is 12:30 local', happyHour, 'America/New_York', '2026-11-27T17:30:00Z', false],
    ['past midnight: Friday 23:00', lateNight, 'UTC', '2026-11-27T23:00:00Z', true],
    ['past midnight: Saturday 01:59 belongs to Friday', lateNight, 'UTC', '2026-11-28T01:59:00Z', true],
    ['past midnight: Saturday 02:00 is over', lateNight, 'UTC', '2026-11-28T02:00:00Z', false],
    ['past midnight: Friday 01:00 belongs to Thursday', lateNight, 'UTC', '2026-11-27T01:00:00Z', false],
  ])('%s', (_name, promotion, zone, at, live) => {
    expect(isPromotionLive(promotion, zone, new Date(at))).toBe(live);
  });

  it('promotionsForCart applies only the live ones', () => {
    const expired = promo('e', { kind: 'percent_off', basisPoints: 5000 }, { endsOn: '2026-11-26' });
    expect(promotionsForCart([drink('tea', 300)], [expired], 'UTC', new Date('2026-11-27T12:00:00Z'))).toEqual([null]);
  });
});

describe('priceCart with a promotion', () => {
  it.each([
    ['tax-inclusive: 20 % off 3.00 at 20 % VAT', true, { total: 240, tax: 40, discountTotal: 60 }],
    ['tax-exclusive: tax on what is left', false, { total: 288, tax: 48, discountTotal: 60 }],
  ])('%s', (_name, pricesIncludeTax, expected) => {
    const priced = priceCart({ pricesIncludeTax, lines: [{ unitPrice: 300, quantity: 1, taxRateBasisPoints: 2000, promotionDiscount: 60 }] });
    expect({ total: priced.total, tax: priced.taxTotal, discountTotal: priced.discountTotal }).toEqual(expected);
    expect(priced.lines[0]).toMatchObject({ promotionDiscount: 60, lineDiscount: 60 });
  });

  it('a line discount takes its percentage of what the promotion left', () => {
    const priced = priceCart({ pricesIncludeTax: true, lines: [{ unitPrice: 1000, quantity: 1, taxRateBasisPoints: 0, promotionDiscount: 200, discount: { kind: 'percent', basisPoints: 5000 } }] });
    expect(priced.lines[0]).toMatchObject({ promotionDiscount: 200, lineDiscount: 600, total: 400 });
  });
});

describe('promotionInput', () => {
  const base = { name: '20% off drinks', category_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b', rule: { kind: 'percent_off', basis_points: 2000 } };
  it.each([
    ['a category promotion', base, true],
    ['neither product nor category', { ...base, category_id: null }, false],
    ['both product and category', { ...base, product_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b' }, false],
    ['over 100 %', { ...base, rule: { kind: 'percent_off', basis_points: 10_001 } }, false],
    ['a start time without an end', { ...base, start_time: '17:00' }, false],
    ['a time of 24:00', { ...base, start_time: '17:00', end_time: '24:00' }, false],
    ['an end date before the start', { ...base, starts_on: '2026-12-02', ends_on: '2026-12-01' }, false],
    ['a day twice', { ...base, days_of_week: [5, 5] }, false],
    ['a bundle of one', { ...base, rule: { kind: 'bundle_price', quantity: 1, price: 100 } }, false],
    ['an unknown kind', { ...base, rule: { kind: 'free_money' } }, false],
  ])('%s', (_name, input, ok) => {
    expect(promotionInput.safeParse(input).success).toBe(ok);
  });
});

import { priceCart } from '@till/core';
import { describe, expect, it } from 'vitest';
import {
  cartFingerprint,
  cartReducer,
  cartTotals,
  EMPTY_CART,
  giftCardSaleProblem,
  isCartEmpty,
  itemCount,
  MAX_GIFT_CARDS,
  MAX_QUANTITY,
  toCheckoutGiftCards,
  toCheckoutLines,
  type CartAction,
  type CartState,
} from './cart';

const coffee = { id: '00000000-0000-4000-8000-000000000001', name: 'Coffee beans', price: 1250, taxRateBasisPoints: 1000 };
const milk = { id: '00000000-0000-4000-8000-000000000002', name: 'Milk', price: 240, taxRateBasisPoints: 1000 };
const bread = { id: '00000000-0000-4000-8000-000000000003', name: 'Bread', price: 333, taxRateBasisPoints: 0 };

const run = (actions: CartAction[], start: CartState = EMPTY_CART) => actions.reduce(cartReducer, start);

describe('cart reducer', () => {
  it('adds products, one more on the same plain line for a second tap or scan', () => {
    const cart = run([
      { type: 'add', product: coffee, lineId: 'a' },
      { type: 'add', product: milk, lineId: 'b' },
      { type: 'add', product: coffee, lineId: 'c' },
    ]);
    expect(cart.lines.map((line) => [line.id, line.name, line.quantity])).toEqual([
      ['a', 'Coffee beans', 2],
      ['b', 'Milk', 1],
    ]);
    expect(cart.selectedLineId).toBe('a');
    expect(itemCount(cart)).toBe(3);
  });

  it('keeps a line with its own note or discount apart from new taps', () => {
    const cart = run([
      { type: 'add', product: coffee, lineId: 'a' },
      { type: 'updateLine', lineId: 'a', changes: { note: 'gift wrap' } },
      { type: 'add', product: coffee, lineId: 'b' },
    ]);
    expect(cart.lines.map((line) => [line.id, line.quantity, line.note])).toEqual([
      ['a', 1, 'gift wrap'],
      ['b', 1, ''],
    ]);
  });

  it('takes the newest catalogue price when the product is tapped again', () => {
    const cart = run([
      { type: 'add', product: coffee, lineId: 'a' },
      { type: 'add', product: { ...coffee, price: 1300 }, lineId: 'b' },
    ]);
    expect(cart.lines[0]).toMatchObject({ catalogPrice: 1300, quantity: 2 });
  });

  it('keeps quantities between 1 and the contract maximum; removing is its own action', () => {
    let cart = run([{ type: 'add', product: milk, lineId: 'a' }, { type: 'decrement', lineId: 'a' }]);
    expect(cart.lines[0]!.quantity).toBe(1);
    cart = run([{ type: 'setQuantity', lineId: 'a', quantity: 2.7 }], cart);
    expect(cart.lines[0]!.quantity).toBe(2);
    cart = run([{ type: 'setQuantity', lineId: 'a', quantity: 10 ** 9 }], cart);
    expect(cart.lines[0]!.quantity).toBe(MAX_QUANTITY);
    cart = run([{ type: 'setQuantity', lineId: 'a', quantity: Number.NaN }], cart);
    expect(cart.lines[0]!.quantity).toBe(1);
    cart = run([{ type: 'increment', lineId: 'a' }], cart);
    expect(cart.lines[0]!.quantity).toBe(2);
  });

  it('selects the neighbour of a removed line', () => {
    const cart = run([
      { type: 'add', product: coffee, lineId: 'a' },
      { type: 'add', product: milk, lineId: 'b' },
      { type: 'add', product: bread, lineId: 'c' },
      { type: 'select', lineId: 'b' },
      { type: 'remove', lineId: 'b' },
    ]);
    expect(cart.lines.map((line) => line.id)).toEqual(['a', 'c']);
    expect(cart.selectedLineId).toBe('c');
    expect(run([{ type: 'remove', lineId: 'c' }, { type: 'remove', lineId: 'a' }], cart).selectedLineId).toBeNull();
  });

  it('moves the selection with selectNext, staying inside the list', () => {
    const cart = run([
      { type: 'add', product: coffee, lineId: 'a' },
      { type: 'add', product: milk, lineId: 'b' },
      { type: 'selectNext', step: -1 },
      { type: 'selectNext', step: -1 },
    ]);
    expect(cart.selectedLineId).toBe('a');
    expect(run([{ type: 'selectNext', step: 1 }, { type: 'selectNext', step: 1 }], cart).selectedLineId).toBe('b');
  });

  it('drops a zero discount instead of keeping it', () => {
    const cart = run([
      { type: 'add', product: coffee, lineId: 'a' },
      { type: 'updateLine', lineId: 'a', changes: { discount: { kind: 'percent', basisPoints: 0 } } },
      { type: 'setOrderDiscount', discount: { kind: 'amount', amount: 0 } },
    ]);
    expect(cart.lines[0]!.discount).toBeNull();
    expect(cart.orderDiscount).toBeNull();
  });
});

describe('cart totals', () => {
  it('are priceCart of the lines, so the till shows what the server will charge', () => {
    const cart = run([
      { type: 'add', product: coffee, lineId: 'a' },
      { type: 'add', product: milk, lineId: 'b', quantity: 3 },
      { type: 'add', product: bread, lineId: 'c' },
      { type: 'updateLine', lineId: 'b', changes: { discount: { kind: 'percent', basisPoints: 1500 } } },
      { type: 'setOrderDiscount', discount: { kind: 'amount', amount: 199 } },
    ]);
    const expected = priceCart({
      pricesIncludeTax: false,
      orderDiscount: { kind: 'amount', amount: 199 },
      lines: [
        { unitPrice: 1250, quantity: 1, taxRateBasisPoints: 1000, discount: null },
        { unitPrice: 240, quantity: 3, taxRateBasisPoints: 1000, discount: { kind: 'percent', basisPoints: 1500 } },
        { unitPrice: 333, quantity: 1, taxRateBasisPoints: 0, discount: null },
      ],
    });
    const totals = cartTotals(cart, false);
    expect(totals.priced).toEqual(expected);
    expect(totals.total).toBe(expected.total);
    expect(totals.itemsTotal).toBe(1250 + 720 + 333);
    // 1250 + 720 + 333 = 2303; −108 (15 % of 720) −199 = 1996 net; the shown rows add up.
    expect(totals.itemsTotal - totals.priced.discountTotal + totals.priced.taxTotal).toBe(totals.total);
  });

  it('tax-inclusive prices: the total is what the items cost after discounts, tax inside it', () => {
    const cart = run([{ type: 'add', product: coffee, lineId: 'a', quantity: 2 }]);
    const totals = cartTotals(cart, true);
    expect(totals.total).toBe(2500);
    expect(totals.priced.taxTotal).toBe(227); // 2500 − round(2500 / 1.1)
  });

  it('prices a line at its override when there is one', () => {
    const cart = run([
      { type: 'add', product: coffee, lineId: 'a' },
      { type: 'updateLine', lineId: 'a', changes: { priceOverride: 1000 } },
    ]);
    expect(cartTotals(cart, false).total).toBe(1100);
    expect(toCheckoutLines(cart)).toEqual([{ productId: coffee.id, quantity: 1, unitPrice: 1000 }]);
  });

  it('uses an accepted server total only while the cart is unchanged', () => {
    let cart = run([{ type: 'add', product: coffee, lineId: 'a' }]);
    cart = run([{ type: 'acceptServerTotal', total: 1430, fingerprint: cartFingerprint(cart) }], cart);
    expect(cartTotals(cart, false)).toMatchObject({ total: 1430, serverAdjusted: true });
    // a customer or a note does not change the total
    cart = run([{ type: 'setCustomer', customer: { id: 'x', name: 'Jo' } }, { type: 'setNote', note: 'hi' }], cart);
    expect(cartTotals(cart, false).total).toBe(1430);
    cart = run([{ type: 'increment', lineId: 'a' }], cart);
    expect(cartTotals(cart, false)).toMatchObject({ total: 2750, serverAdjusted: false });
  });

  it('an empty cart totals zero', () => {
    expect(cartTotals(EMPTY_CART, false)).toMatchObject({ total: 0, itemsTotal: 0, serverAdjusted: false });
  });
});

describe('checkout lines', () => {
  it('carry only what is set: no zero discount, no blank note, no unchanged price', () => {
    const cart = run([
      { type: 'add', product: coffee, lineId: 'a' },
      { type: 'add', product: milk, lineId: 'b' },
      { type: 'updateLine', lineId: 'a', changes: { note: '  ', priceOverride: 1250 } },
      { type: 'updateLine', lineId: 'b', changes: { note: ' oat ', discount: { kind: 'amount', amount: 40 } } },
    ]);
    expect(toCheckoutLines(cart)).toEqual([
      { productId: coffee.id, quantity: 1 },
      { productId: milk.id, quantity: 1, discount: { kind: 'amount', amount: 40 }, note: 'oat' },
    ]);
  });
});

describe('a new sale', () => {
  it('clear forgets everything, the checkout attempt (its idempotency key) included', () => {
    const cart = run([
      { type: 'add', product: coffee, lineId: 'a' },
      { type: 'attemptStarted', attempt: { key: 'k', fingerprint: 'f', body: {} as never } },
      { type: 'clear' },
    ]);
    expect(cart).toEqual(EMPTY_CART);
  });

  it('load replaces the cart with a parked sale and selects its last line', () => {
    const cart = run([
      { type: 'add', product: coffee, lineId: 'a' },
      {
        type: 'load',
        cart: {
          lines: [
            { id: 'p1', productId: milk.id, name: 'Milk', catalogPrice: 240, priceOverride: null, quantity: 2, taxRateBasisPoints: 1000, discount: null, note: '' },
          ],
          orderDiscount: null,
          customer: { id: 'c', name: 'Jo' },
          note: '',
          parkedOrderId: 'order-1',
        },
      },
    ]);
    expect(cart).toMatchObject({ parkedOrderId: 'order-1', selectedLineId: 'p1', attempt: null, customer: { name: 'Jo' } });
    expect(cart.lines).toHaveLength(1);
  });
});

describe('gift cards sold from the cart (decision 064)', () => {
  const card = { id: 'g1', code: '6012345678901238', amount: 2500 };

  it('adds an untaxed, undiscounted line after the products, priced as the server prices it', () => {
    const cart = run([
      { type: 'add', product: coffee, lineId: 'a' },
      { type: 'addGiftCard', giftCard: card },
    ]);
    const totals = cartTotals(cart, false);
    const server = priceCart({
      pricesIncludeTax: false,
      orderDiscount: null,
      lines: [
        { unitPrice: 1250, modifierDelta: 0, quantity: 1, taxRateBasisPoints: 1000, discount: null, promotionDiscount: 0 },
        { unitPrice: 2500, modifierDelta: 0, quantity: 1, taxRateBasisPoints: 0, discount: null, promotionDiscount: 0 },
      ],
    });
    expect(totals.total).toBe(server.total);
    expect(totals.total).toBe(1375 + 2500);
    expect(totals.priced.taxTotal).toBe(125);
    expect(itemCount(cart)).toBe(2);
    expect(isCartEmpty(cart)).toBe(false);
    expect(toCheckoutGiftCards(cart)).toEqual([{ code: card.code, amount: 2500 }]);
  });

  it('a cart of one gift card is a sale; removing it empties the cart', () => {
    const cart = run([{ type: 'addGiftCard', giftCard: card }]);
    expect(isCartEmpty(cart)).toBe(false);
    expect(cartTotals(cart, true).total).toBe(2500);
    expect(isCartEmpty(run([{ type: 'removeGiftCard', id: 'g1' }], cart))).toBe(true);
  });

  it('never holds an order discount beside a gift card, whichever came first', () => {
    const discounted = run([
      { type: 'add', product: coffee, lineId: 'a' },
      { type: 'setOrderDiscount', discount: { kind: 'percent', basisPoints: 1000 } },
    ]);
    expect(giftCardSaleProblem(discounted)).toMatch(/Remove the sale discount first/);
    expect(run([{ type: 'addGiftCard', giftCard: card }], discounted).giftCards).toEqual([]);

    const withCard = run([{ type: 'addGiftCard', giftCard: card }]);
    expect(run([{ type: 'setOrderDiscount', discount: { kind: 'amount', amount: 100 } }], withCard).orderDiscount).toBeNull();
    expect(giftCardSaleProblem(withCard)).toBeNull();
  });

  it('refuses the same code twice and more than ten cards', () => {
    expect(run([{ type: 'addGiftCard', giftCard: card }, { type: 'addGiftCard', giftCard: { ...card, id: 'g2' } }]).giftCards).toHaveLength(1);
    const ten = run(Array.from({ length: 11 }, (_, index): CartAction => ({ type: 'addGiftCard', giftCard: { id: `g${index}`, code: `code-${index}`, amount: 100 } })));
    expect(ten.giftCards).toHaveLength(MAX_GIFT_CARDS);
    expect(giftCardSaleProblem(ten)).toMatch(/at most 10/);
  });

  it('changes the fingerprint, so a total accepted from the server no longer applies', () => {
    const cart = run([{ type: 'add', product: coffee, lineId: 'a' }]);
    expect(cartFingerprint(run([{ type: 'addGiftCard', giftCard: card }], cart))).not.toBe(cartFingerprint(cart));
  });
});

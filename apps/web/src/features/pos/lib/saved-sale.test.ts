import { describe, expect, it } from 'vitest';
import type { KeyValueStorage } from '@/lib/profile-cache';
import { cartReducer, EMPTY_CART, type CartState } from './cart';
import { nextCheckoutAttempt } from './checkout-attempt';
import { loadSavedSale, SAVED_SALE_MAX_AGE_MS, savedSaleKey, saveSale } from './saved-sale';

function memoryStorage(): KeyValueStorage & { map: Map<string, string> } {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key) => map.get(key) ?? null,
    setItem: (key, value) => void map.set(key, value),
    removeItem: (key) => void map.delete(key),
  };
}

const tea = { id: '0190a000-0000-7000-8000-000000000001', name: 'Tea', price: 300, taxRateBasisPoints: 1000 };
const mug = { id: '0190a000-0000-7000-8000-000000000002', name: 'Mug', price: 1200, taxRateBasisPoints: 2000 };

function ringUp(): CartState {
  let cart = cartReducer(EMPTY_CART, { type: 'add', product: tea, lineId: 'l1' });
  cart = cartReducer(cart, { type: 'add', product: tea, lineId: 'l2' });
  cart = cartReducer(cart, { type: 'add', product: mug, lineId: 'l3' });
  cart = cartReducer(cart, { type: 'setNote', note: 'Gift wrap' });
  cart = cartReducer(cart, { type: 'setOrderDiscount', discount: { kind: 'percent', basisPoints: 500 } });
  return cart;
}

const business = 'b1';
const cashier = savedSaleKey(business, { employeeId: 'e1' });
const now = Date.UTC(2026, 0, 5, 9, 0);

describe('the current sale survives a refresh (local storage per business and person)', () => {
  it('gives back the same sale after it was saved', () => {
    const storage = memoryStorage();
    const cart = ringUp();
    saveSale(storage, cashier, cart, now);
    expect(loadSavedSale(storage, cashier, now + 1000)).toEqual(cart);
  });

  it('keeps the checkout attempt, so paying again after a crash reuses its idempotency key', () => {
    const storage = memoryStorage();
    const cart = ringUp();
    const attempt = nextCheckoutAttempt(null, { lines: [{ productId: tea.id, quantity: 2 }], payments: [{ method: 'card', amount: 600 }], expectedTotal: 600 }, () => '0190a000-0000-7000-8000-0000000000aa');
    const sending = cartReducer(cart, { type: 'attemptStarted', attempt });
    saveSale(storage, cashier, sending, now);
    expect(loadSavedSale(storage, cashier, now).attempt).toEqual(attempt);
  });

  it('keeps the lot the cashier chose for a line, and the attempt that names it (decision 058)', () => {
    const storage = memoryStorage();
    const cart = cartReducer(ringUp(), { type: 'updateLine', lineId: 'l3', changes: { lotNumber: 'L-NEW' } });
    const attempt = nextCheckoutAttempt(null, { lines: [{ productId: mug.id, quantity: 1, lotNumber: 'L-NEW' }], payments: [{ method: 'cash', amount: 1200 }], expectedTotal: 1200 }, () => '0190a000-0000-7000-8000-0000000000ab');
    saveSale(storage, cashier, cartReducer(cart, { type: 'attemptStarted', attempt }), now);
    const loaded = loadSavedSale(storage, cashier, now);
    expect(loaded.lines.find((line) => line.id === 'l3')?.lotNumber).toBe('L-NEW');
    expect(loaded.attempt).toEqual(attempt);
  });

  it('keeps a gift card sold, alone in the cart, and the attempt that pays with a card and points (decision 064)', () => {
    const storage = memoryStorage();
    const cart = cartReducer(EMPTY_CART, { type: 'addGiftCard', giftCard: { id: 'g1', code: '6012345678901238', amount: 2500 } });
    const attempt = nextCheckoutAttempt(
      null,
      { lines: [], giftCards: [{ code: '6012345678901238', amount: 2500 }], payments: [{ method: 'gift_card', amount: 2000, giftCardCode: '4111111111111111' }, { method: 'points', amount: 500 }], expectedTotal: 2500 },
      () => '0190a000-0000-7000-8000-0000000000ac',
    );
    saveSale(storage, cashier, cartReducer(cart, { type: 'attemptStarted', attempt }), now);
    const loaded = loadSavedSale(storage, cashier, now);
    expect(loaded.giftCards).toEqual(cart.giftCards);
    expect(loaded.attempt).toEqual(attempt);
  });

  it('reads a sale saved before gift cards existed as one without any', () => {
    const storage = memoryStorage();
    const { giftCards: _none, ...older } = ringUp();
    storage.setItem(cashier, JSON.stringify({ v: 1, savedAt: now, cart: older }));
    expect(loadSavedSale(storage, cashier, now)).toEqual(ringUp());
  });

  it('keeps one sale per person: another employee or the owner on the same device starts empty', () => {
    const storage = memoryStorage();
    saveSale(storage, cashier, ringUp(), now);
    expect(loadSavedSale(storage, savedSaleKey(business, { employeeId: 'e2' }), now)).toEqual(EMPTY_CART);
    expect(loadSavedSale(storage, savedSaleKey(business, { ownerUserId: 'u1' }), now)).toEqual(EMPTY_CART);
    expect(loadSavedSale(storage, savedSaleKey('b2', { employeeId: 'e1' }), now)).toEqual(EMPTY_CART);
  });

  it.each([
    ['paid or voided (the cart is cleared)', (cart: CartState) => cartReducer(cart, { type: 'clear' })],
    ['emptied line by line', (cart: CartState) => cart.lines.reduce((state, line) => cartReducer(state, { type: 'remove', lineId: line.id }), cart)],
  ])('forgets the sale once it is %s', (_name, finish) => {
    const storage = memoryStorage();
    const cart = ringUp();
    saveSale(storage, cashier, cart, now);
    saveSale(storage, cashier, finish(cart), now);
    expect(storage.map.has(cashier)).toBe(false);
    expect(loadSavedSale(storage, cashier, now)).toEqual(EMPTY_CART);
  });

  it.each([
    ['not JSON', '{'],
    ['another version', JSON.stringify({ v: 99, savedAt: now, cart: {} })],
    ['a hand-edited quantity', JSON.stringify({ v: 1, savedAt: now, cart: { ...ringUp(), lines: [{ ...ringUp().lines[0], quantity: -4 }] } })],
  ])('discards what it cannot trust (%s) and starts empty', (_name, raw) => {
    const storage = memoryStorage();
    storage.setItem(cashier, raw);
    expect(loadSavedSale(storage, cashier, now)).toEqual(EMPTY_CART);
    expect(storage.map.has(cashier)).toBe(false);
  });

  it('drops a sale older than an employee session may live (8 hours)', () => {
    const storage = memoryStorage();
    saveSale(storage, cashier, ringUp(), now);
    expect(loadSavedSale(storage, cashier, now + SAVED_SALE_MAX_AGE_MS + 1)).toEqual(EMPTY_CART);
  });

  it('never throws when storage is missing or refuses writes', () => {
    const full: KeyValueStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('quota');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(() => saveSale(full, cashier, ringUp(), now)).not.toThrow();
    expect(loadSavedSale(full, cashier, now)).toEqual(EMPTY_CART);
    expect(loadSavedSale(null, cashier, now)).toEqual(EMPTY_CART);
  });
});

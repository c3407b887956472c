import { chosenModifierShape, discountShape, LOT_NUMBER_MAX, placeOrderShape, shape as s } from '@till/core';
import type { KeyValueStorage } from '@/lib/profile-cache';
import { EMPTY_CART, isCartEmpty, MAX_GIFT_CARDS, MAX_QUANTITY, type CartState } from './cart';

/**
 * The current sale, kept in this browser's local storage while it is rung up, so a refresh or a
 * crashed tab gives the cashier their sale back (issue 10 item 5). One entry per business and
 * per person at the till (the employee of the PIN session, or the owner's own account), so a
 * colleague signing in on the same device never sees, pays or clears someone else's sale.
 * Cleared when the cart empties: paid, parked, voided or cleared.
 *
 * The checkout attempt is kept with it: when the tab died while a payment was in flight,
 * pressing Pay again sends the same idempotency key and body, and the server answers with the
 * sale it may already have taken instead of charging twice.
 */

const PREFIX = 'till.pos.current-sale';
const VERSION = 1;
/** SPEC §4: an employee session is discarded after 8 hours; a sale older than that is stale too. */
export const SAVED_SALE_MAX_AGE_MS = 8 * 60 * 60 * 1000;

export function savedSaleKey(businessId: string, actor: { employeeId: string } | { ownerUserId: string }): string {
  return 'employeeId' in actor ? `${PREFIX}:${businessId}:employee:${actor.employeeId}` : `${PREFIX}:${businessId}:owner:${actor.ownerUserId}`;
}

// Checked with core's zod-free shapes: the till's code never carries zod (decision 058).
const minor = s.int({ min: 0, max: Number.MAX_SAFE_INTEGER });

const savedCartShape = s.object({
  lines: s.array(
    s.object({
      id: s.string({ min: 1, max: 64 }),
      productId: s.string({ min: 1, max: 64 }),
      name: s.string({ max: 500 }),
      catalogPrice: minor,
      priceOverride: s.nullable(minor),
      quantity: s.int({ min: 1, max: MAX_QUANTITY }),
      taxRateBasisPoints: s.int({ min: 0, max: 100_000 }),
      categoryId: s.nullish(s.string({ max: 64 })),
      discount: s.nullable(discountShape),
      note: s.string({ max: 500 }),
      modifiers: s.optional(s.array(chosenModifierShape, { max: 600 })),
      lotNumber: s.optional(s.nullable(s.string({ min: 1, max: LOT_NUMBER_MAX }))),
    }),
    { max: 500 },
  ),
  // Gift cards sold (decision 064); a sale saved before they existed has none.
  giftCards: s.withDefault(s.array(s.object({ id: s.string({ min: 1, max: 64 }), code: s.string({ min: 1, max: 40 }), amount: s.int({ min: 1, max: 100_000_000 }) }), { max: MAX_GIFT_CARDS }), []),
  orderDiscount: s.nullable(discountShape),
  customer: s.nullable(s.object({ id: s.string({ min: 1, max: 64 }), name: s.string({ max: 500 }) })),
  note: s.string({ max: 1000 }),
  selectedLineId: s.nullable(s.string()),
  parkedOrderId: s.nullable(s.string()),
  kitchenTicketId: s.withDefault(s.nullable(s.string()), null),
  kitchenBillPartId: s.withDefault(s.nullable(s.string()), null),
  acceptedTotal: s.nullable(s.object({ total: minor, fingerprint: s.string() })),
  // An unreadable attempt costs only the retry's key, not the sale.
  attempt: s.orElse(s.nullable(s.object({ key: s.uuid(), fingerprint: s.string(), body: placeOrderShape })), null),
});

const entryShape = s.object({ v: s.literal(VERSION), savedAt: s.number(), cart: savedCartShape });

/** The saved sale under `key`, or the empty cart when there is none, it is unreadable or too old. */
export function loadSavedSale(storage: KeyValueStorage | null, key: string, now: number): CartState {
  if (!storage) return EMPTY_CART;
  let raw: string | null;
  try {
    raw = storage.getItem(key);
  } catch {
    return EMPTY_CART;
  }
  if (raw === null) return EMPTY_CART;
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch {
    json = null;
  }
  const parsed = s.parseShape(entryShape, json);
  if (!parsed || isCartEmpty(parsed.cart) || now - parsed.savedAt > SAVED_SALE_MAX_AGE_MS || parsed.savedAt > now + 60_000) {
    forgetSavedSale(storage, key);
    return EMPTY_CART;
  }
  return { ...EMPTY_CART, ...parsed.cart };
}

/** Keeps a sale with items; an empty cart (paid, parked, voided, cleared) removes the entry. */
export function saveSale(storage: KeyValueStorage | null, key: string, cart: CartState, now: number): void {
  if (!storage) return;
  if (isCartEmpty(cart)) {
    forgetSavedSale(storage, key);
    return;
  }
  try {
    storage.setItem(key, JSON.stringify({ v: VERSION, savedAt: now, cart }));
  } catch {
    // A full or disabled storage costs only the safety net, never the sale itself.
  }
}

export function forgetSavedSale(storage: KeyValueStorage | null, key: string): void {
  try {
    storage?.removeItem(key);
  } catch {
    // Nothing to forget when storage is unavailable.
  }
}

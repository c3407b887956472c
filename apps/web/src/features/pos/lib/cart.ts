import {
  MoneyError,
  priceCart,
  promotionsForCart,
  sameOptions,
  type AppliedPromotion,
  type ChosenModifier,
  type Discount,
  type Minor,
  type PlaceOrderWithLotsInput,
  type PricedCart,
  type Promotion,
} from '@till/core';
import type { CheckoutAttempt } from './checkout-attempt';

/**
 * The till's cart: a reducer (pure, so the rules are tested without a browser) and the
 * selectors that price it with @till/core's priceCart, the same rule the server re-runs.
 */

/** Quantities the checkout contract accepts. */
export const MAX_QUANTITY = 100_000;

export interface CartProduct {
  id: string;
  name: string;
  /** Minor units. */
  price: Minor;
  taxRateBasisPoints: number;
  /** Its category, for promotions on a category (decision 050). */
  categoryId?: string | null;
}

export interface CartLine {
  /** This line's own id in the cart (the same product can be on two lines, e.g. with a note). */
  id: string;
  productId: string;
  name: string;
  /** The catalogue price when the product was added (or last added). */
  catalogPrice: Minor;
  /** A price typed in at the till (owner/admin with can_change_prices only); null: the catalogue's. */
  priceOverride: Minor | null;
  quantity: number;
  taxRateBasisPoints: number;
  /** The product's category when it was added, for promotions on a category (decision 050). */
  categoryId?: string | null;
  discount: Discount | null;
  note: string;
  /**
   * The modifier options chosen in the till's chooser (decision 035), with the deltas it showed;
   * the server re-prices them from its catalogue. Absent or empty: none.
   */
  modifiers?: ChosenModifier[];
  /**
   * The lot the cashier chose for a batch-tracked product (decision 058), sent as the line's
   * lotNumber; absent or null: the server takes the lot that expires first (decision 048).
   */
  lotNumber?: string | null;
}

/**
 * A gift card sold in this sale (decision 064): its 16-digit code (made at the till or read from a
 * physical card) and what it is loaded with. An untaxed line after the products, with no order
 * discount allowed beside it and no points earned on it.
 */
export interface CartGiftCard {
  id: string;
  code: string;
  amount: Minor;
}

export interface CartCustomer {
  id: string;
  name: string;
}

export interface CartState {
  lines: CartLine[];
  /** Gift cards sold (decision 064), after the lines. */
  giftCards: CartGiftCard[];
  orderDiscount: Discount | null;
  customer: CartCustomer | null;
  note: string;
  /** The line + and − act on, and the one the list shows as selected. */
  selectedLineId: string | null;
  /** The parked sale this cart was resumed from: paying completes it rather than making a new order. */
  parkedOrderId: string | null;
  /** The open kitchen ticket this cart pays (decision 026): paying links the sale to it. */
  kitchenTicketId: string | null;
  /** The part of that ticket's split bill this cart pays (decision 036). */
  kitchenBillPartId: string | null;
  /**
   * The server's total the cashier accepted after a 422 total_mismatch, valid only while the
   * cart stays as it was (its fingerprint): any change prices it afresh.
   */
  acceptedTotal: { total: Minor; fingerprint: string } | null;
  /** The checkout request in flight or last sent for this sale (see checkout-attempt.ts). */
  attempt: CheckoutAttempt | null;
}

export const EMPTY_CART: CartState = {
  lines: [],
  giftCards: [],
  orderDiscount: null,
  customer: null,
  note: '',
  selectedLineId: null,
  parkedOrderId: null,
  kitchenTicketId: null,
  kitchenBillPartId: null,
  acceptedTotal: null,
  attempt: null,
};

export type CartAction =
  | { type: 'add'; product: CartProduct; lineId: string; quantity?: number; modifiers?: ChosenModifier[] }
  | { type: 'setQuantity'; lineId: string; quantity: number }
  | { type: 'increment'; lineId: string }
  | { type: 'decrement'; lineId: string }
  | { type: 'remove'; lineId: string }
  | { type: 'updateLine'; lineId: string; changes: Partial<Pick<CartLine, 'quantity' | 'discount' | 'note' | 'priceOverride' | 'lotNumber'>> }
  | { type: 'setOrderDiscount'; discount: Discount | null }
  | { type: 'addGiftCard'; giftCard: CartGiftCard }
  | { type: 'removeGiftCard'; id: string }
  | { type: 'setCustomer'; customer: CartCustomer | null }
  | { type: 'setNote'; note: string }
  | { type: 'select'; lineId: string | null }
  | { type: 'selectNext'; step: 1 | -1 }
  | { type: 'acceptServerTotal'; total: Minor; fingerprint: string }
  | { type: 'attemptStarted'; attempt: CheckoutAttempt }
  /** The parked sale was completed or voided elsewhere: sell this cart as a new sale. */
  | { type: 'detachParked' }
  | { type: 'clear' }
  | { type: 'load'; cart: Pick<CartState, 'lines' | 'orderDiscount' | 'customer' | 'note' | 'parkedOrderId'> & { kitchenTicketId?: string | null; kitchenBillPartId?: string | null } };

export const clampQuantity = (quantity: number) =>
  Number.isFinite(quantity) ? Math.min(MAX_QUANTITY, Math.max(1, Math.trunc(quantity))) : 1;

const isEmptyDiscount = (discount: Discount | null | undefined) =>
  !discount || (discount.kind === 'amount' ? discount.amount <= 0 : discount.basisPoints <= 0);

/** A tap on a product adds one more to its plain line; a line with its own note, discount, price or lot stays as it is. */
const isPlainLine = (line: CartLine) => line.priceOverride === null && isEmptyDiscount(line.discount) && line.note.trim() === '' && !line.lotNumber;

function mapLine(state: CartState, lineId: string, change: (line: CartLine) => CartLine): CartState {
  return { ...state, lines: state.lines.map((line) => (line.id === lineId ? change(line) : line)) };
}

export function cartReducer(state: CartState, action: CartAction): CartState {
  switch (action.type) {
    case 'add': {
      const quantity = clampQuantity(action.quantity ?? 1);
      const modifiers = action.modifiers ?? [];
      // The same product with other modifiers is another line (decision 035).
      const existing = [...state.lines]
        .reverse()
        .find((line) => line.productId === action.product.id && isPlainLine(line) && sameOptions(optionIdsOf(line), modifiers.map((modifier) => modifier.optionId)));
      if (existing) {
        return {
          ...mapLine(state, existing.id, (line) => ({
            ...line,
            // The newest catalogue answer wins: the price or tax may have changed since the first tap.
            name: action.product.name,
            catalogPrice: action.product.price,
            taxRateBasisPoints: action.product.taxRateBasisPoints,
            quantity: clampQuantity(line.quantity + quantity),
          })),
          selectedLineId: existing.id,
        };
      }
      const line: CartLine = {
        id: action.lineId,
        productId: action.product.id,
        name: action.product.name,
        catalogPrice: action.product.price,
        priceOverride: null,
        quantity,
        taxRateBasisPoints: action.product.taxRateBasisPoints,
        ...(action.product.categoryId ? { categoryId: action.product.categoryId } : {}),
        discount: null,
        note: '',
        ...(modifiers.length ? { modifiers } : {}),
      };
      return { ...state, lines: [...state.lines, line], selectedLineId: line.id };
    }
    case 'setQuantity':
      return mapLine(state, action.lineId, (line) => ({ ...line, quantity: clampQuantity(action.quantity) }));
    case 'increment':
      return mapLine(state, action.lineId, (line) => ({ ...line, quantity: clampQuantity(line.quantity + 1) }));
    case 'decrement':
      // Never to zero: taking a line off is its own, visible action.
      return mapLine(state, action.lineId, (line) => ({ ...line, quantity: clampQuantity(line.quantity - 1) }));
    case 'remove': {
      const index = state.lines.findIndex((line) => line.id === action.lineId);
      if (index < 0) return state;
      const lines = state.lines.filter((line) => line.id !== action.lineId);
      const neighbour = lines[Math.min(index, lines.length - 1)];
      const selectedLineId = state.selectedLineId === action.lineId ? (neighbour?.id ?? null) : state.selectedLineId;
      return { ...state, lines, selectedLineId };
    }
    case 'updateLine': {
      const { quantity, discount, ...rest } = action.changes;
      return mapLine(state, action.lineId, (line) => ({
        ...line,
        ...rest,
        quantity: quantity === undefined ? line.quantity : clampQuantity(quantity),
        discount: discount === undefined ? line.discount : isEmptyDiscount(discount) ? null : discount,
      }));
    }
    case 'setOrderDiscount':
      // The server refuses an order discount beside a gift card sold (it would share onto the card).
      if (state.giftCards.length > 0 && !isEmptyDiscount(action.discount)) return state;
      return { ...state, orderDiscount: isEmptyDiscount(action.discount) ? null : action.discount };
    case 'addGiftCard':
      if (!isEmptyDiscount(state.orderDiscount) || state.giftCards.length >= MAX_GIFT_CARDS || state.giftCards.some((card) => card.code === action.giftCard.code)) return state;
      return { ...state, giftCards: [...state.giftCards, action.giftCard] };
    case 'removeGiftCard':
      return { ...state, giftCards: state.giftCards.filter((card) => card.id !== action.id) };
    case 'setCustomer':
      return { ...state, customer: action.customer };
    case 'setNote':
      return { ...state, note: action.note };
    case 'select':
      return { ...state, selectedLineId: action.lineId };
    case 'selectNext': {
      if (state.lines.length === 0) return state;
      const index = state.lines.findIndex((line) => line.id === state.selectedLineId);
      const next = index < 0 ? (action.step > 0 ? 0 : state.lines.length - 1) : Math.min(state.lines.length - 1, Math.max(0, index + action.step));
      return { ...state, selectedLineId: state.lines[next]!.id };
    }
    case 'acceptServerTotal':
      return { ...state, acceptedTotal: { total: action.total, fingerprint: action.fingerprint } };
    case 'attemptStarted':
      return { ...state, attempt: action.attempt };
    case 'detachParked':
      return { ...state, parkedOrderId: null };
    case 'clear':
      // A new sale: nothing of the last one, its idempotency key least of all, may carry over.
      return EMPTY_CART;
    case 'load':
      return { ...EMPTY_CART, ...action.cart, selectedLineId: action.cart.lines.at(-1)?.id ?? null };
  }
}

/** The option ids of a line's modifiers, in the order the catalogue lists them. */
export const optionIdsOf = (line: Pick<CartLine, 'modifiers'>): string[] => (line.modifiers ?? []).map((modifier) => modifier.optionId);

/** What a line's modifiers add to (or take off) its unit price. */
export const modifierDelta = (line: Pick<CartLine, 'modifiers'>): Minor => (line.modifiers ?? []).reduce((sum, modifier) => sum + modifier.priceDelta, 0);

/** The unit price before modifiers: the catalogue's, or the one typed in. */
export const basePrice = (line: CartLine): Minor => line.priceOverride ?? line.catalogPrice;

/** The unit price the sale uses for a line, modifiers included. */
export const effectivePrice = (line: CartLine): Minor => basePrice(line) + modifierDelta(line);

export const itemCount = (state: Pick<CartState, 'lines'> & Partial<Pick<CartState, 'giftCards'>>) =>
  state.lines.reduce((sum, line) => sum + line.quantity, 0) + (state.giftCards?.length ?? 0);

/** Nothing to sell: no line and no gift card. */
export const isCartEmpty = (state: Pick<CartState, 'lines' | 'giftCards'>) => state.lines.length === 0 && state.giftCards.length === 0;

/** The checkout contract takes at most ten gift cards sold per sale. */
export const MAX_GIFT_CARDS = 10;

/**
 * Why a gift card cannot be sold in this cart now, or null: the server refuses an order discount
 * beside one (decision 064), so the till says so before sending.
 */
export function giftCardSaleProblem(state: Pick<CartState, 'orderDiscount' | 'giftCards'>): string | null {
  if (!isEmptyDiscount(state.orderDiscount)) return 'A sale with a discount on the whole sale cannot sell a gift card. Remove the sale discount first, or sell the card on its own.';
  if (state.giftCards.length >= MAX_GIFT_CARDS) return `A sale sells at most ${MAX_GIFT_CARDS} gift cards.`;
  return null;
}

/** The gift cards sold, as the checkout body's giftCards. */
export const toCheckoutGiftCards = (state: Pick<CartState, 'giftCards'>): { code: string; amount: Minor }[] =>
  state.giftCards.map((card) => ({ code: card.code, amount: card.amount }));

/** What the gift cards sold add to the total. */
export const giftCardsTotal = (state: Pick<CartState, 'giftCards'>): Minor => state.giftCards.reduce((sum, card) => sum + card.amount, 0);

/** What the request's lines say, the way the checkout contract wants them (no empty extras). */
export function toCheckoutLines(state: Pick<CartState, 'lines'>): PlaceOrderWithLotsInput['lines'] {
  return state.lines.map((line) => ({
    productId: line.productId,
    quantity: line.quantity,
    ...(line.priceOverride !== null && line.priceOverride !== line.catalogPrice ? { unitPrice: line.priceOverride } : {}),
    ...(isEmptyDiscount(line.discount) ? {} : { discount: line.discount }),
    ...(line.note.trim() ? { note: line.note.trim() } : {}),
    ...(line.modifiers?.length ? { modifierOptionIds: optionIdsOf(line) } : {}),
    ...(line.lotNumber ? { lotNumber: line.lotNumber } : {}),
  }));
}

/**
 * Everything that decides the server's total: when it changes, an accepted server total no
 * longer applies. (Customer and note do not change a total.)
 */
export function cartFingerprint(state: Pick<CartState, 'lines' | 'orderDiscount'> & Partial<Pick<CartState, 'giftCards'>>): string {
  const giftCards = state.giftCards?.length ? { giftCards: toCheckoutGiftCards({ giftCards: state.giftCards }) } : {};
  return JSON.stringify({ lines: toCheckoutLines(state), orderDiscount: isEmptyDiscount(state.orderDiscount) ? null : state.orderDiscount, ...giftCards });
}

export interface CartTotals {
  priced: PricedCart;
  /** Sum of unit price × quantity, before any discount (gift cards sold included). */
  itemsTotal: Minor;
  /** What the cashier collects: priced.total, or the server's total they accepted for this exact cart. */
  total: Minor;
  /** The total comes from the server, so the subtotal, discount and tax lines may be a little out of date. */
  serverAdjusted: boolean;
  /** The promotion each line takes (decision 050), in line order. */
  promotions: (AppliedPromotion | null)[];
}

/** The active promotions (GET /api/pos/promotions) and the moment to price them at. */
export interface TillPromotions {
  timeZone: string;
  promotions: Promotion[];
  now: Date;
}

export function cartTotals(state: CartState, pricesIncludeTax: boolean, offers?: TillPromotions | null): CartTotals {
  let priced: PricedCart;
  let promotions: (AppliedPromotion | null)[] = state.lines.map(() => null);
  try {
    if (offers?.promotions.length) {
      const lines = state.lines.map((line) => ({
        productId: line.productId,
        categoryId: line.categoryId ?? null,
        unitPrice: basePrice(line) + modifierDelta(line),
        quantity: line.quantity,
      }));
      promotions = promotionsForCart(lines, offers.promotions, offers.timeZone, offers.now);
    }
    priced = priceCart({
      pricesIncludeTax,
      orderDiscount: state.orderDiscount,
      lines: state.lines.map((line, index) => ({
        unitPrice: basePrice(line),
        modifierDelta: modifierDelta(line),
        quantity: line.quantity,
        taxRateBasisPoints: line.taxRateBasisPoints,
        discount: line.discount,
        promotionDiscount: promotions[index]?.amount ?? 0,
      })).concat(
        // Decision 064: gift cards sold are untaxed, undiscounted lines after the products, as the server prices them.
        state.giftCards.map((card) => ({ unitPrice: card.amount, modifierDelta: 0, quantity: 1, taxRateBasisPoints: 0, discount: null, promotionDiscount: 0 })),
      ),
    });
  } catch (error) {
    // The reducer keeps every input valid; an impossible cart shows as zero rather than a crash.
    if (!(error instanceof MoneyError)) throw error;
    priced = { lines: [], subtotal: 0, discountTotal: 0, taxTotal: 0, total: 0, taxByRate: [] };
    promotions = state.lines.map(() => null);
  }
  const itemsTotal = priced.lines.reduce((sum, line) => sum + line.gross, 0);
  const accepted = state.acceptedTotal && state.acceptedTotal.fingerprint === cartFingerprint(state) ? state.acceptedTotal.total : null;
  return { priced, itemsTotal, total: accepted ?? priced.total, serverAdjusted: accepted !== null && accepted !== priced.total, promotions };
}

import { MODIFIER_MAX_GROUPS, MODIFIER_MAX_OPTIONS } from './modifiers.ts';
import { hasControlCharacters, isWellFormedText } from './plain-text.ts';
import type { ParkOrderWire, PlaceOrderWire } from './checkout-lots.ts';
import type { Discount } from './pricing.ts';
import * as s from './shape.ts';

/**
 * The pure parts of the checkout contract (checkout-contract.ts): zod-free, so the till's code
 * never carries zod (decision 058); the server validates with the schemas there.
 */

/** gift_card and points are loyalty_program's (decision 064): a card's balance or a customer's points pay. */
export const PAYMENT_METHODS = ['cash', 'card', 'other', 'gift_card', 'points'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];


/** A discount that takes something off: a 0 % or 0-amount one changes nothing and needs no permission. */
export function takesSomethingOff(discount: Discount | null | undefined): boolean {
  return Boolean(discount && (discount.kind === 'amount' ? discount.amount > 0 : discount.basisPoints > 0));
}

/**
 * Whether a cart (to pay or to park) applies any discount, so SPEC §6's discounts access applies:
 * one rule for paying and parking (issue 11 item 4: parking refused a 0 % discount that paying took).
 */
export function cartHasDiscount(cart: { lines: readonly { discount?: Discount | null | undefined }[]; orderDiscount?: Discount | null | undefined }): boolean {
  return cart.lines.some((line) => takesSomethingOff(line.discount)) || takesSomethingOff(cart.orderDiscount);
}

// ── The same contract as zod-free shapes, for what the till reads back from its own storage ──
// (the saved sale's checkout attempt, decision 058). checkout-shapes.test.ts holds each to its
// zod schema's answers; the server validates with the zod schemas only.

const minor = s.int({ min: 0, max: Number.MAX_SAFE_INTEGER });
const plainText = (max: number, allowNewline: boolean) => s.string({ max, test: (text) => !hasControlCharacters(text, { allowNewline }) && isWellFormedText(text) });
/** batches.ts's lotNumberInput (MAX_LOT_NUMBER_LENGTH 60). */
export const LOT_NUMBER_MAX = 60;
const lotNumber = s.string({ trim: true, min: 1, max: LOT_NUMBER_MAX, test: (text) => /^[^\p{Cc}]*$/u.test(text) });

/** discountInput. */
export const discountShape: s.Shape<Discount> = s.union(
  s.object({ kind: s.literal('amount'), amount: minor }, { strict: true }),
  s.object({ kind: s.literal('percent'), basisPoints: s.int({ min: 0, max: 10_000 }) }, { strict: true }),
);

/** checkoutLineWithLotInput (checkout-lots.ts): a line, with the cashier's lot when one was chosen. */
const checkoutLineShape = s.object(
  {
    productId: s.uuid(),
    quantity: s.int({ min: 1, max: 100_000 }),
    unitPrice: s.optional(minor),
    discount: s.nullish(discountShape),
    note: s.optional(plainText(500, true)),
    modifierOptionIds: s.optional(s.array(s.uuid(), { max: MODIFIER_MAX_GROUPS * MODIFIER_MAX_OPTIONS })),
    lotNumber: s.optional(lotNumber),
  },
  { strict: true },
);

const checkoutPaymentShape = s.object(
  {
    method: s.oneOf(PAYMENT_METHODS),
    amount: minor,
    tendered: s.optional(minor),
    reference: s.optional(plainText(200, false)),
    giftCardCode: s.optional(s.string({ trim: true, min: 1, max: 40 })),
  },
  { strict: true },
);

/** checkoutGiftCardInput: a gift card sold (decision 064). */
const checkoutGiftCardShape = s.object({ code: s.string({ trim: true, min: 1, max: 40 }), amount: s.int({ min: 1, max: 100_000_000 }) }, { strict: true });

/** placeOrderWithLotsInput (checkout-lots.ts): the checkout body the till sends. */
export const placeOrderShape = s.object(
  {
    idempotencyKey: s.uuid(),
    lines: s.array(checkoutLineShape, { max: 500 }),
    orderDiscount: s.nullish(discountShape),
    customerId: s.nullish(s.uuid()),
    note: s.optional(plainText(1000, true)),
    payments: s.array(checkoutPaymentShape, { min: 1, max: 10 }),
    expectedTotal: minor,
    parkedOrderId: s.optional(s.uuid()),
    kitchenTicketId: s.optional(s.uuid()),
    kitchenBillPartId: s.optional(s.uuid()),
    invoiceId: s.optional(s.uuid()),
    giftCards: s.optional(s.array(checkoutGiftCardShape, { max: 10 })),
  },
  { strict: true },
);

// ── The checkout body inside (camelCase) and on the wire (snake_case, decision 070) ──
// The server reads the body with the *FromWire mappers in its route; the till builds, fingerprints
// and keeps its attempt camelCase (a sale saved before the wire changed sends unchanged) and sends
// the *ToWire mapping. Both are field by field, so a field added to one side fails to compile.

/** A cart line: a product, how many, and the cashier's choices (checkoutLineWithLotInput). */
export interface CheckoutLine {
  productId: string;
  quantity: number;
  /** Only to override the catalogue price (needs the permission to change prices; audited). */
  unitPrice?: number;
  discount?: Discount | null;
  note?: string;
  /** The product's modifier options chosen (decision 035). */
  modifierOptionIds?: string[];
  /** The lot to sell from (decision 069); left out: first-expiry-first-out. */
  lotNumber?: string;
}

export interface CheckoutPayment {
  method: PaymentMethod;
  amount: number;
  tendered?: number;
  reference?: string;
  giftCardCode?: string;
}

/** A cart to park (parkOrderWithLotsInput). */
export interface ParkOrderInput {
  lines: CheckoutLine[];
  orderDiscount?: Discount | null;
  customerId?: string | null;
  note?: string;
}
export type ParkOrderWithLotsInput = ParkOrderInput;

/** A sale to pay (placeOrderWithLotsInput). */
export interface PlaceOrderInput extends ParkOrderInput {
  idempotencyKey: string;
  payments: CheckoutPayment[];
  expectedTotal: number;
  parkedOrderId?: string;
  kitchenTicketId?: string;
  kitchenBillPartId?: string;
  invoiceId?: string;
  giftCards?: { code: string; amount: number }[];
}
export type PlaceOrderWithLotsInput = PlaceOrderInput;

type WireDiscount = NonNullable<PlaceOrderWire['order_discount']>;
type WireLine = PlaceOrderWire['lines'][number];

export const discountFromWire = (discount: WireDiscount): Discount =>
  discount.kind === 'amount' ? { kind: 'amount', amount: discount.amount } : { kind: 'percent', basisPoints: discount.basis_points };
export const discountToWire = (discount: Discount): WireDiscount =>
  discount.kind === 'amount' ? { kind: 'amount', amount: discount.amount } : { kind: 'percent', basis_points: discount.basisPoints };
const nullishDiscountFromWire = (discount: WireDiscount | null | undefined) => (discount ? discountFromWire(discount) : discount);
const nullishDiscountToWire = (discount: Discount | null | undefined) => (discount ? discountToWire(discount) : discount);

function lineFromWire(line: WireLine): CheckoutLine {
  return {
    productId: line.product_id,
    quantity: line.quantity,
    unitPrice: line.unit_price,
    discount: nullishDiscountFromWire(line.discount),
    note: line.note,
    modifierOptionIds: line.modifier_option_ids,
    lotNumber: line.lot_number,
  };
}
function lineToWire(line: CheckoutLine): WireLine {
  return {
    product_id: line.productId,
    quantity: line.quantity,
    unit_price: line.unitPrice,
    discount: nullishDiscountToWire(line.discount),
    note: line.note,
    modifier_option_ids: line.modifierOptionIds,
    lot_number: line.lotNumber,
  };
}

export function parkOrderFromWire(body: ParkOrderWire): ParkOrderInput {
  return { lines: body.lines.map(lineFromWire), orderDiscount: nullishDiscountFromWire(body.order_discount), customerId: body.customer_id, note: body.note };
}
export function parkOrderToWire(input: ParkOrderInput): ParkOrderWire {
  return { lines: input.lines.map(lineToWire), order_discount: nullishDiscountToWire(input.orderDiscount), customer_id: input.customerId, note: input.note };
}

export function placeOrderFromWire(body: PlaceOrderWire): PlaceOrderInput {
  return {
    idempotencyKey: body.idempotency_key,
    ...parkOrderFromWire(body),
    payments: body.payments.map((payment) => ({
      method: payment.method,
      amount: payment.amount,
      tendered: payment.tendered,
      reference: payment.reference,
      giftCardCode: payment.gift_card_code,
    })),
    expectedTotal: body.expected_total,
    parkedOrderId: body.parked_order_id,
    kitchenTicketId: body.kitchen_ticket_id,
    kitchenBillPartId: body.kitchen_bill_part_id,
    invoiceId: body.invoice_id,
    giftCards: body.gift_cards?.map((card) => ({ code: card.code, amount: card.amount })),
  };
}
export function placeOrderToWire(input: PlaceOrderInput): PlaceOrderWire {
  return {
    idempotency_key: input.idempotencyKey,
    ...parkOrderToWire(input),
    payments: input.payments.map((payment) => ({
      method: payment.method,
      amount: payment.amount,
      tendered: payment.tendered,
      reference: payment.reference,
      gift_card_code: payment.giftCardCode,
    })),
    expected_total: input.expectedTotal,
    parked_order_id: input.parkedOrderId,
    kitchen_ticket_id: input.kitchenTicketId,
    kitchen_bill_part_id: input.kitchenBillPartId,
    invoice_id: input.invoiceId,
    gift_cards: input.giftCards?.map((card) => ({ code: card.code, amount: card.amount })),
  };
}

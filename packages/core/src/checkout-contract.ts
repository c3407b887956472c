import { z } from 'zod';
import { modifierOptionIdsInput } from './contracts/modifiers.ts';
import { multiLine, singleLine } from './plain-text.ts';
import { PAYMENT_METHODS } from './checkout.ts';

/**
 * The checkout request on the wire (ARCHITECTURE: zod contracts shared by both sides), snake_case
 * (decision 070). Inside, the server and the till use checkout.ts's camelCase PlaceOrderInput; the
 * route reads the body with placeOrderFromWire and the till sends placeOrderToWire's.
 */
const minor = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

export const discountInput = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('amount'), amount: minor }),
  z.strictObject({ kind: z.literal('percent'), basis_points: z.number().int().min(0).max(10_000) }),
]);


export const checkoutLineInput = z.strictObject({
  product_id: z.uuid(),
  quantity: z.number().int().min(1).max(100_000),
  /** Only to override the catalogue price (needs the permission to change prices; audited). */
  unit_price: minor.optional(),
  discount: discountInput.nullish(),
  note: multiLine(z.string().max(500)).optional(),
  /** The product's modifier options chosen (decision 035): re-validated and re-priced by the server. */
  modifier_option_ids: modifierOptionIdsInput.optional(),
});

export const checkoutPaymentInput = z.strictObject({
  method: z.enum(PAYMENT_METHODS),
  /** What this payment covers of the order total. */
  amount: minor,
  /** Cash handed over; the change is tendered − amount. */
  tendered: minor.optional(),
  reference: singleLine(z.string().max(200)).optional(),
  /** The card a gift_card payment spends (decision 064); the server checks its balance under a row lock. */
  gift_card_code: z.string().trim().min(1).max(40).optional(),
});

/** A gift card sold in this sale (decision 064): its code and what it is loaded with, untaxed, paid like any line. */
export const checkoutGiftCardInput = z.strictObject({
  code: z.string().trim().min(1).max(40),
  amount: z.number().int().min(1).max(100_000_000),
});

export const placeOrderInput = z.strictObject({
  idempotency_key: z.uuid(),
  /** At least one, except when paying an invoice (none then; the server refuses an empty cart). */
  lines: z.array(checkoutLineInput).max(500),
  order_discount: discountInput.nullish(),
  customer_id: z.uuid().nullish(),
  note: multiLine(z.string().max(1000)).optional(),
  payments: z.array(checkoutPaymentInput).min(1).max(10),
  /** The total the till showed; the server recomputes it and refuses a mismatch (422). */
  expected_total: minor,
  /** A parked sale being completed. */
  parked_order_id: z.uuid().optional(),
  /** The open kitchen ticket this sale pays (decision 026): linked to the order, closed once paid. */
  kitchen_ticket_id: z.uuid().optional(),
  /** One part of that ticket's split bill (decision 036): the part is paid, the ticket once every part is. */
  kitchen_bill_part_id: z.uuid().optional(),
  /** An issued invoice this sale pays in full (decision 038): no lines, the total is what is owed. */
  invoice_id: z.uuid().optional(),
  /** Gift cards sold (decision 064): each becomes an untaxed line and, once paid, a card with that balance. */
  gift_cards: z.array(checkoutGiftCardInput).max(10).optional(),
});

export const parkOrderInput = z.strictObject({
  lines: z.array(checkoutLineInput).min(1).max(500),
  order_discount: discountInput.nullish(),
  customer_id: z.uuid().nullish(),
  note: multiLine(z.string().max(1000)).optional(),
});

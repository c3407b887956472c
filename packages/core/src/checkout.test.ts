import { describe, expect, it } from 'vitest';
import { discountShape, LOT_NUMBER_MAX, placeOrderFromWire, placeOrderShape, placeOrderToWire } from './checkout.ts';
import { discountInput } from './checkout-contract.ts';
import { placeOrderWithLotsInput } from './checkout-lots.ts';
import { MAX_LOT_NUMBER_LENGTH } from './batches.ts';
import { chosenModifierView } from './contracts/modifiers.ts';
import { chosenModifierShape } from './modifiers.ts';
import { parseShape, type Shape } from './shape.ts';

/** Decision 058: the till's zod-free shapes give the zod schemas' answers (accepted value, or refused). */
function sameAnswers(
  name: string,
  schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } },
  shape: Shape<unknown>,
  cases: [string, unknown][],
  /** The till keeps the checkout body camelCase; the wire's schema speaks snake_case (decision 070). */
  { wire = false }: { wire?: boolean } = {},
) {
  describe(name, () => {
    it.each(cases)('%s', (_case, value) => {
      const zod = schema.safeParse(wire ? renameKeys(value, snake) : value);
      expect(parseShape(shape, value)).toEqual(zod.success ? (wire ? renameKeys(zod.data, camel) : zod.data) : null);
    });
  });
}

const snake = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
const camel = (key: string) => key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
/** Every key at every depth (a checkout body has no map whose keys are data). */
function renameKeys(value: unknown, rename: (key: string) => string): unknown {
  if (Array.isArray(value)) return value.map((item) => renameKeys(item, rename));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([key, item]) => [rename(key), renameKeys(item, rename)]));
  return value;
}

const id = '3f2b8c1e-9d4a-4f6b-8e2c-1a7d5b9c0e44';
const body = { idempotencyKey: id, lines: [{ productId: id, quantity: 2 }], payments: [{ method: 'cash', amount: 500, tendered: 1000 }], expectedTotal: 500 };
const line = body.lines[0]!;

it('keeps the lot number bound in step with batches.ts', () => {
  expect(LOT_NUMBER_MAX).toBe(MAX_LOT_NUMBER_LENGTH);
});

sameAnswers('discountShape ~ discountInput', discountInput, discountShape, [
  ['an amount', { kind: 'amount', amount: 250 }],
  ['a percent', { kind: 'percent', basisPoints: 1000 }],
  ['a percent above 100 %', { kind: 'percent', basisPoints: 10_001 }],
  ['a negative amount', { kind: 'amount', amount: -1 }],
  ['a fractional amount', { kind: 'amount', amount: 1.5 }],
  ['an unknown kind', { kind: 'free' }],
  ['an extra key (strict)', { kind: 'amount', amount: 1, note: 'x' }],
  ['null', null],
], { wire: true });

sameAnswers('chosenModifierShape ~ chosenModifierView', chosenModifierView, chosenModifierShape, [
  ['a modifier', { groupId: id, groupName: 'Milk', optionId: id, name: 'Oat', priceDelta: -50 }],
  ['an extra key is dropped', { groupId: id, groupName: 'Milk', optionId: id, name: 'Oat', priceDelta: 0, colour: 'red' }],
  ['a non-uuid option', { groupId: id, groupName: 'Milk', optionId: 'oat', name: 'Oat', priceDelta: 0 }],
  ['a fractional delta', { groupId: id, groupName: 'Milk', optionId: id, name: 'Oat', priceDelta: 0.5 }],
], { wire: true });

sameAnswers('placeOrderShape ~ placeOrderWithLotsInput', placeOrderWithLotsInput, placeOrderShape, [
  ['a cash sale', body],
  ['a line with everything', { ...body, lines: [{ ...line, unitPrice: 300, discount: { kind: 'percent', basisPoints: 500 }, note: 'gift\nwrap', modifierOptionIds: [id], lotNumber: ' L-2 ' }] }],
  ['a null discount and customer', { ...body, orderDiscount: null, customerId: null, lines: [{ ...line, discount: null }] }],
  ['the ids of a parked sale, a ticket, a bill part, an invoice', { ...body, parkedOrderId: id, kitchenTicketId: id, kitchenBillPartId: id, invoiceId: id }],
  ['a card payment with a reference', { ...body, payments: [{ method: 'card', amount: 500, reference: 'AUTH 42' }] }],
  ['no payment', { ...body, payments: [] }],
  ['a gift card sold and paid with a card and points', { ...body, giftCards: [{ code: ' 6012 3456 7890 1238 ', amount: 2500 }], payments: [{ method: 'gift_card', amount: 300, giftCardCode: '6012345678901238' }, { method: 'points', amount: 200 }] }],
  ['a gift card sold for nothing', { ...body, giftCards: [{ code: '6012345678901238', amount: 0 }] }],
  ['an empty gift card code on a payment', { ...body, payments: [{ method: 'gift_card', amount: 500, giftCardCode: '   ' }] }],
  ['eleven gift cards sold', { ...body, giftCards: Array.from({ length: 11 }, () => ({ code: '6012345678901238', amount: 1 })) }],
  ['an unknown gift card key (strict)', { ...body, giftCards: [{ code: '6012345678901238', amount: 1, pin: '12' }] }],
  ['eleven payments', { ...body, payments: Array.from({ length: 11 }, () => ({ method: 'cash', amount: 1 })) }],
  ['an unknown payment method', { ...body, payments: [{ method: 'cheque', amount: 500 }] }],
  ['a key that is not a uuid', { ...body, idempotencyKey: 'key-1' }],
  ['an unknown key (strict)', { ...body, extra: true }],
  ['an unknown line key (strict)', { ...body, lines: [{ ...line, colour: 'red' }] }],
  ['a zero quantity', { ...body, lines: [{ ...line, quantity: 0 }] }],
  ['a control character in a note', { ...body, note: 'a\u0007b' }],
  ['a newline in a payment reference', { ...body, payments: [{ method: 'card', amount: 500, reference: 'a\nb' }] }],
  ['a lone surrogate in a note', { ...body, note: 'a\uD800b' }],
  ['an empty lot number', { ...body, lines: [{ ...line, lotNumber: '  ' }] }],
  ['a lot number too long', { ...body, lines: [{ ...line, lotNumber: 'L'.repeat(61) }] }],
  ['a negative expected total', { ...body, expectedTotal: -1 }],
  ['a string where a number goes', { ...body, expectedTotal: '500' }],
], { wire: true });

describe('the checkout body on the wire (decision 070)', () => {
  // In the schema's order, as the camelCase schema used to give it to the server's request hash.
  const full = {
    idempotencyKey: id,
    lines: [{ productId: id, quantity: 2, unitPrice: 300, discount: { kind: 'amount' as const, amount: 5 }, note: 'x', modifierOptionIds: [id], lotNumber: 'L-2' }],
    orderDiscount: { kind: 'percent' as const, basisPoints: 250 },
    customerId: id,
    note: 'n',
    payments: [{ method: 'gift_card' as const, amount: 500, giftCardCode: 'C' }],
    expectedTotal: 500,
    parkedOrderId: id,
    kitchenTicketId: id,
    kitchenBillPartId: id,
    invoiceId: id,
    giftCards: [{ code: 'C', amount: 5 }],
  };
  it('is the camelCase body with snake_case names, and reads back the same', () => {
    const wire = placeOrderToWire(full);
    expect(wire).toEqual(renameKeys(full, snake));
    expect(placeOrderWithLotsInput.safeParse(wire).success).toBe(true);
    expect(placeOrderFromWire(wire)).toEqual(full);
  });
  it('keeps the order of the fields, so a key sent before the change still matches its first request', () => {
    expect(JSON.stringify(placeOrderFromWire(placeOrderToWire(full)))).toBe(JSON.stringify(full));
  });
});

import { describe, expect, it } from 'vitest';
import { discountShape, LOT_NUMBER_MAX, placeOrderShape } from './checkout.ts';
import { discountInput } from './checkout-contract.ts';
import { placeOrderWithLotsInput } from './checkout-lots.ts';
import { MAX_LOT_NUMBER_LENGTH } from './batches.ts';
import { chosenModifierView } from './contracts/modifiers.ts';
import { chosenModifierShape } from './modifiers.ts';
import { parseShape, type Shape } from './shape.ts';

/** Decision 058: the till's zod-free shapes give the zod schemas' answers (accepted value, or refused). */
function sameAnswers(name: string, schema: { safeParse: (value: unknown) => { success: boolean; data?: unknown } }, shape: Shape<unknown>, cases: [string, unknown][]) {
  describe(name, () => {
    it.each(cases)('%s', (_case, value) => {
      const zod = schema.safeParse(value);
      expect(parseShape(shape, value)).toEqual(zod.success ? zod.data : null);
    });
  });
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
]);

sameAnswers('chosenModifierShape ~ chosenModifierView', chosenModifierView, chosenModifierShape, [
  ['a modifier', { groupId: id, groupName: 'Milk', optionId: id, name: 'Oat', priceDelta: -50 }],
  ['an extra key is dropped', { groupId: id, groupName: 'Milk', optionId: id, name: 'Oat', priceDelta: 0, colour: 'red' }],
  ['a non-uuid option', { groupId: id, groupName: 'Milk', optionId: 'oat', name: 'Oat', priceDelta: 0 }],
  ['a fractional delta', { groupId: id, groupName: 'Milk', optionId: id, name: 'Oat', priceDelta: 0.5 }],
]);

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
]);

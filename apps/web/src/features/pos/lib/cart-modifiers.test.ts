import type { ChosenModifier } from '@till/core';
import { describe, expect, it } from 'vitest';
import { cartReducer, cartTotals, EMPTY_CART, toCheckoutLines, type CartAction, type CartState } from './cart';

const steak = { id: '00000000-0000-4000-8000-000000000001', name: 'Steak', price: 2400, taxRateBasisPoints: 0 };
const mod = (optionId: string, name: string, priceDelta: number): ChosenModifier => ({ groupId: 'g', groupName: 'G', optionId, name, priceDelta });
const MEDIUM = mod('00000000-0000-4000-8000-0000000000a1', 'Medium', 0);
const RARE = mod('00000000-0000-4000-8000-0000000000a2', 'Rare', 0);
const CHEESE = mod('00000000-0000-4000-8000-0000000000b1', 'Extra cheese', 100);

const run = (actions: CartAction[]): CartState => actions.reduce(cartReducer, EMPTY_CART);
const add = (lineId: string, modifiers?: ChosenModifier[]): CartAction => ({ type: 'add', product: steak, lineId, ...(modifiers ? { modifiers } : {}) });

describe('the cart with modifiers (decision 035)', () => {
  it.each([
    ['the same choices add to one line', [add('a', [MEDIUM, CHEESE]), add('b', [MEDIUM, CHEESE])], [2]],
    ['other choices make another line', [add('a', [MEDIUM, CHEESE]), add('b', [RARE])], [1, 1]],
    ['a line without modifiers stays apart', [add('a', [MEDIUM]), add('b')], [1, 1]],
  ])('%s', (_name, actions, quantities) => {
    expect(run(actions).lines.map((line) => line.quantity)).toEqual(quantities);
  });

  it('prices the deltas and sends the option ids, never a price', () => {
    const cart = run([add('a', [MEDIUM, CHEESE]), { type: 'increment', lineId: 'a' }, add('b', [RARE])]);
    expect(cartTotals(cart, true).total).toBe(2 * 2500 + 2400);
    expect(toCheckoutLines(cart)).toEqual([
      { productId: steak.id, quantity: 2, modifierOptionIds: [MEDIUM.optionId, CHEESE.optionId] },
      { productId: steak.id, quantity: 1, modifierOptionIds: [RARE.optionId] },
    ]);
  });
});

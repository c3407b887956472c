import { describe, expect, it } from 'vitest';
import { moveId } from './reorder-categories';

describe('moveId', () => {
  it.each([
    [['a', 'b', 'c'], 1, -1, ['b', 'a', 'c']],
    [['a', 'b', 'c'], 1, 1, ['a', 'c', 'b']],
    [['a', 'b', 'c'], 0, -1, ['a', 'b', 'c']],
    [['a', 'b', 'c'], 2, 1, ['a', 'b', 'c']],
  ] as const)('%j moving %i by %i', (ids, from, step, expected) => {
    expect(moveId([...ids], from, step)).toEqual(expected);
  });
});

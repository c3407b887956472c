import { describe, expect, it } from 'vitest';
import { passwordWeaknesses } from './password-policy.ts';

describe('passwordWeaknesses', () => {
  it.each([
    ['', ['too_short']],
    ['short', ['too_short']],
    ['1234567', ['too_short']],
    ['password', ['common_password']],
    ['PassWord1', ['common_password']],
    ['12345678', ['common_password']],
    ['xxxxxxxxxx', ['repeated_character']],
    ['x'.repeat(129), ['too_long', 'repeated_character']],
    ['correct horse battery', []],
    ['Tr0ub4dor&3', []],
  ] as const)('%j -> %j', (password, expected) => {
    expect(passwordWeaknesses(password)).toEqual(expected);
  });
});

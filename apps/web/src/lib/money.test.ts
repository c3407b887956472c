import { describe, expect, it } from 'vitest';
import { minorToDecimalText, parseMoneyText } from './money';

describe('money text', () => {
  it.each([
    [1250, 'USD', '12.50'],
    [5, 'USD', '0.05'],
    [0, 'EUR', '0.00'],
    [-1250, 'USD', '-12.50'],
    [1250, 'JPY', '1250'],
    [1250, 'KWD', '1.250'],
  ])('%i %s → %s and back', (minor, currency, text) => {
    expect(minorToDecimalText(minor, currency)).toBe(text);
    expect(parseMoneyText(text, currency)).toEqual({ ok: true, amount: minor });
  });

  it('explains what is wrong with a typed amount', () => {
    expect(parseMoneyText('12.345', 'USD')).toEqual({ ok: false, message: 'Use at most 2 decimal places for USD' });
    expect(parseMoneyText('12.5', 'JPY')).toMatchObject({ ok: false, message: 'Use at most 0 decimal places for JPY' });
    expect(parseMoneyText('abc', 'USD')).toEqual({ ok: false, message: 'Enter an amount such as 12.50' });
    expect(parseMoneyText('3,50', 'EUR')).toEqual({ ok: true, amount: 350 });
  });
});

import { describe, expect, it } from 'vitest';
import { amountText, discountLabel, discountText, parseAmount, parseDiscount, parsePercent } from './format';

describe('till number input', () => {
  it('reads amounts in the currency’s minor units', () => {
    expect(parseAmount('12.5', 'USD')).toBe(1250);
    expect(parseAmount('12,50', 'EUR')).toBe(1250);
    expect(parseAmount('500', 'JPY')).toBe(500);
    expect(parseAmount('1.005', 'USD')).toBeNull();
    expect(parseAmount('abc', 'USD')).toBeNull();
    expect(parseAmount('-1', 'USD')).toBeNull();
    expect(parseAmount('  ', 'USD')).toBeNull();
  });

  it('writes amounts back for an input', () => {
    expect(amountText(1250, 'USD')).toBe('12.50');
    expect(amountText(500, 'JPY')).toBe('500');
  });

  it('reads percentages as basis points, 0 to 100 %', () => {
    expect(parsePercent('10')).toBe(1000);
    expect(parsePercent('12.5')).toBe(1250);
    expect(parsePercent('7.25%')).toBe(725);
    expect(parsePercent('100')).toBe(10_000);
    expect(parsePercent('101')).toBeNull();
    expect(parsePercent('1.234')).toBeNull();
    expect(parsePercent('')).toBeNull();
  });

  it('labels discounts', () => {
    expect(discountLabel({ kind: 'percent', basisPoints: 1250 }, 'USD')).toBe('12.5% off');
    expect(discountLabel({ kind: 'amount', amount: 200 }, 'USD')).toBe('$2.00 off');
  });
});

describe('discount input', () => {
  it('reads a percentage or an amount; blank or zero is none; nonsense is invalid', () => {
    expect(parseDiscount('percent', '10', 'USD')).toEqual({ kind: 'percent', basisPoints: 1000 });
    expect(parseDiscount('amount', '2.5', 'USD')).toEqual({ kind: 'amount', amount: 250 });
    expect(parseDiscount('amount', '', 'USD')).toBeNull();
    expect(parseDiscount('percent', '0', 'USD')).toBeNull();
    expect(parseDiscount('percent', '120', 'USD')).toBeUndefined();
    expect(parseDiscount('amount', 'x', 'USD')).toBeUndefined();
    expect(discountText({ kind: 'percent', basisPoints: 1250 }, 'USD')).toEqual({ kind: 'percent', text: '12.5' });
    expect(discountText({ kind: 'amount', amount: 250 }, 'USD')).toEqual({ kind: 'amount', text: '2.50' });
    expect(discountText(null, 'USD')).toEqual({ kind: 'percent', text: '' });
  });
});

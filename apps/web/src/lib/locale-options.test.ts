import { describe, expect, it } from 'vitest';
import { currencyForLocale } from './locale-options';

describe('currencyForLocale: the sign-up form’s first guess', () => {
  it.each([
    ['en-US', 'USD'],
    ['en-GB', 'GBP'],
    ['de-DE', 'EUR'],
    ['de-AT', 'EUR'],
    ['de-CH', 'CHF'],
    ['fr', 'EUR'],
    ['ja', 'JPY'],
    ['ar-KW', 'KWD'],
    ['pt-BR', 'BRL'],
    ['sw-KE', 'USD'],
    ['not a locale', 'USD'],
    [null, 'USD'],
  ])('%s → %s', (locale, currency) => {
    expect(currencyForLocale(locale)).toBe(currency);
  });
});

import { describe, expect, it } from 'vitest';
import { COMMON_CURRENCIES, currencyOptions, timeZoneOptions } from './options';

describe('settings options', () => {
  it('offers the common currencies, and the business’s own when it is not among them', () => {
    for (const code of ['USD', 'EUR', 'GBP', 'JPY', 'KWD', 'CAD', 'AUD', 'CHF', 'SEK', 'INR', 'BRL', 'MXN', 'ZAR']) {
      expect(COMMON_CURRENCIES).toContain(code);
    }
    expect(currencyOptions('XOF', 'en').map((option) => option.value)[0]).toBe('XOF');
    expect(currencyOptions('EUR', 'en').find((option) => option.value === 'EUR')?.label).toBe('EUR — Euro');
  });

  it('offers IANA time zones, UTC and the current one', () => {
    const zones = timeZoneOptions('Mars/Olympus_Mons');
    expect(zones).toContain('Europe/Berlin');
    expect(zones).toContain('UTC');
    expect(zones).toContain('Mars/Olympus_Mons');
  });
});

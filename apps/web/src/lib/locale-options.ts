/** Currencies most shops trade in; a business's own currency is added when it is not among them. */
export const COMMON_CURRENCIES = [
  'USD', 'EUR', 'GBP', 'JPY', 'KWD', 'CAD', 'AUD', 'CHF', 'SEK', 'NOK', 'DKK', 'PLN', 'CZK',
  'INR', 'CNY', 'SGD', 'HKD', 'NZD', 'AED', 'SAR', 'BRL', 'MXN', 'ZAR', 'TRY',
] as const;

function withValue(values: readonly string[], current: string | null | undefined): string[] {
  return current && !values.includes(current) ? [current, ...values] : [...values];
}

export function currencyOptions(current: string | null | undefined, locale?: string): { value: string; label: string }[] {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames(locale ? [locale] : undefined, { type: 'currency' });
  } catch {
    names = null;
  }
  return withValue(COMMON_CURRENCIES, current).map((code) => {
    const name = names?.of(code);
    return { value: code, label: name && name !== code ? `${code} — ${name}` : code };
  });
}

/** Every IANA zone the browser knows, plus UTC and the current value when the list lacks them. */
export function timeZoneOptions(current: string | null | undefined): string[] {
  let zones: string[] = [];
  try {
    zones = Intl.supportedValuesOf('timeZone');
  } catch {
    zones = [];
  }
  const all = new Set(zones);
  all.add('UTC');
  if (current) all.add(current);
  return [...all].sort((a, b) => a.localeCompare(b));
}

/** The currency of a region, for the regions whose currency is among the common ones (ISO 3166 → ISO 4217). */
const REGION_CURRENCIES: Record<string, string> = {
  US: 'USD', PR: 'USD', EC: 'USD', SV: 'USD', PA: 'USD',
  GB: 'GBP', JP: 'JPY', KW: 'KWD', CA: 'CAD', AU: 'AUD', CH: 'CHF', LI: 'CHF', SE: 'SEK', NO: 'NOK', DK: 'DKK',
  PL: 'PLN', CZ: 'CZK', IN: 'INR', CN: 'CNY', SG: 'SGD', HK: 'HKD', NZ: 'NZD', AE: 'AED', SA: 'SAR', BR: 'BRL',
  MX: 'MXN', ZA: 'ZAR', TR: 'TRY',
  // The euro area.
  AT: 'EUR', BE: 'EUR', HR: 'EUR', CY: 'EUR', EE: 'EUR', FI: 'EUR', FR: 'EUR', DE: 'EUR', GR: 'EUR', IE: 'EUR',
  IT: 'EUR', LV: 'EUR', LT: 'EUR', LU: 'EUR', MT: 'EUR', NL: 'EUR', PT: 'EUR', SK: 'EUR', SI: 'EUR', ES: 'EUR',
};

/** A first guess at the business's currency from a BCP 47 locale ("de-AT" → EUR); USD when the region is unknown. */
export function currencyForLocale(locale: string | null | undefined): string {
  try {
    const region = locale ? new Intl.Locale(locale).maximize().region : undefined;
    return (region && REGION_CURRENCIES[region]) || 'USD';
  } catch {
    return 'USD';
  }
}

/** The browser's IANA time zone, or UTC when it has none. */
export function browserTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    return 'UTC';
  }
}

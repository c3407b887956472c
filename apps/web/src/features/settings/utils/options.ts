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

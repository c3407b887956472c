/**
 * Money is an integer count of the currency's minor unit (cents, yen, fils): never a float.
 * Amounts stay within Number.MAX_SAFE_INTEGER; products of amounts and rates use BigInt.
 */
export type Minor = number;

export class MoneyError extends Error {}

export function assertMinor(value: number, what = 'amount'): Minor {
  if (!Number.isSafeInteger(value)) throw new MoneyError(`${what} must be a whole number of minor units`);
  return value;
}

// Building an Intl.NumberFormat costs far more than using one (tens of µs, and ICU's data on the
// first); documents and tables format thousands of amounts, so formatters are kept per key.
const decimalsByCurrency = new Map<string, number>();
const moneyFormats = new Map<string, Intl.NumberFormat>();

/** Digits after the decimal point of an ISO 4217 currency: JPY 0, USD 2, KWD 3. */
export function currencyDecimals(currency: string): number {
  let decimals = decimalsByCurrency.get(currency);
  if (decimals === undefined) {
    decimals = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    decimalsByCurrency.set(currency, decimals);
  }
  return decimals;
}

/**
 * The one rounding rule: half away from zero, applied to `numerator / denominator` in exact
 * integer arithmetic.
 */
export function divideRounded(numerator: bigint, denominator: bigint): bigint {
  if (denominator === 0n) throw new MoneyError('division by zero');
  const negative = numerator < 0n !== denominator < 0n;
  const n = numerator < 0n ? -numerator : numerator;
  const d = denominator < 0n ? -denominator : denominator;
  const quotient = (n * 2n + d) / (2n * d);
  return negative ? -quotient : quotient;
}

export function formatMoney(amount: Minor, currency: string, locale = 'en-US'): string {
  const decimals = currencyDecimals(currency);
  const key = `${locale}\u0000${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    // A bounded cache: currencies and locales in use are few, but the inputs are not ours.
    if (moneyFormats.size >= 200) moneyFormats.clear();
    moneyFormats.set(key, format);
  }
  return format.format(amount / 10 ** decimals);
}

/** "12.50" in USD → 1250. Refuses more decimals than the currency has, and anything not a plain number. */
export function parseMoney(text: string, currency: string): Minor {
  const decimals = currencyDecimals(currency);
  const match = /^\s*(-)?(\d+)(?:[.,](\d*))?\s*$/.exec(text);
  if (!match) throw new MoneyError(`"${text}" is not an amount`);
  const [, sign, whole, fraction = ''] = match;
  if (fraction.length > decimals) throw new MoneyError(`${currency} has ${decimals} decimal places`);
  const minor = Number(whole) * 10 ** decimals + Number(fraction.padEnd(decimals, '0') || '0');
  return assertMinor(sign ? -minor : minor);
}

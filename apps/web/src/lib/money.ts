import { currencyDecimals, formatMoney, MoneyError, parseMoney, type Minor } from '@till/core';

/**
 * Money on screen. Amounts travel as integer minor units; people type and read decimals in the
 * business currency. `formatMoney` (with symbol) is for reading, `minorToDecimalText` fills a
 * form field, `parseMoneyText` reads one back.
 */
export { formatMoney };

/** 1250 in USD → "12.50"; 1250 in JPY → "1250": what a price field shows, no symbol or grouping. */
export function minorToDecimalText(amount: Minor, currency: string): string {
  const decimals = currencyDecimals(currency);
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(decimals + 1, '0');
  if (decimals === 0) return sign + digits;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

/** The minor units of a typed amount, or the reason it is not one. */
export function parseMoneyText(text: string, currency: string): { ok: true; amount: Minor } | { ok: false; message: string } {
  try {
    return { ok: true, amount: parseMoney(text, currency) };
  } catch (error) {
    if (!(error instanceof MoneyError)) throw error;
    const decimals = currencyDecimals(currency);
    return {
      ok: false,
      message: /decimal/.test(error.message)
        ? `Use at most ${decimals} decimal place${decimals === 1 ? '' : 's'} for ${currency}`
        : `Enter an amount such as ${minorToDecimalText(1250 * 10 ** Math.max(0, decimals - 2), currency)}`,
    };
  }
}

/** The currency's symbol as this browser writes it ("$", "€", "¥"). */
export function currencySymbol(currency: string, locale?: string): string {
  const part = new Intl.NumberFormat(locale, { style: 'currency', currency }).formatToParts(0).find((item) => item.type === 'currency');
  return part?.value ?? currency;
}

import { currencyDecimals, type Minor } from '@till/core';

/** 1250 in USD → "12.50"; 1250 in JPY → "1250". Plain text for CSV files and form fields, no symbol or grouping. */
export function minorToDecimalText(amount: Minor, currency: string): string {
  const decimals = currencyDecimals(currency);
  const sign = amount < 0 ? '-' : '';
  const digits = String(Math.abs(amount)).padStart(decimals + 1, '0');
  if (decimals === 0) return sign + digits;
  return `${sign}${digits.slice(0, -decimals)}.${digits.slice(-decimals)}`;
}

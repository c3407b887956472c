import { currencyDecimals, formatMoney } from '@till/core';
import { cleanText, unsupportedCharacters } from './pdf.ts';

/**
 * How a document writes numbers, money, rates and dates: `Intl` in the document's locale.
 * Money is integer minor units in `currency`, formatted by core's `formatMoney` (the web uses
 * the same function, so screen and paper agree).
 */
export interface DocumentFormat {
  currency: string;
  locale: string;
  /** IANA zone for timestamps (dates given as YYYY-MM-DD are calendar dates and never shift). */
  timeZone: string;
}

export interface Formatter {
  money(amount: number): string;
  quantity(value: number): string;
  /** Basis points as a percentage: 2000 → "20%" ("20 %" in de-DE). */
  rate(basisPoints: number): string;
  /** "2025-03-09" → "9 Mar 2025"; an ISO timestamp also gets its time in the business's zone. */
  date(value: string): string;
}

/**
 * Our fonts draw Latin, Greek and Cyrillic. Where a locale writes money with a sign or digits
 * they lack (Thai ฿, Arabic-Indic digits), money falls back to Latin digits and the ISO code
 * ("THB 1,234.50") rather than print empty boxes.
 */
const formatters = new Map<string, Formatter>();

export function createFormatter(format: DocumentFormat): Formatter {
  const key = `${format.currency}\u0000${format.locale}\u0000${format.timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = buildFormatter(format);
    if (formatters.size >= 200) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

function buildFormatter(format: DocumentFormat): Formatter {
  // Validates the currency and locale once, so a bad code fails before any drawing.
  const sample = cleanText(formatMoney(-123_456_789, format.currency, format.locale));
  const latin = unsupportedCharacters(sample).length > 0;
  const numbers = latin ? { numberingSystem: 'latn' } : {};
  const quantity = new Intl.NumberFormat(format.locale, { maximumFractionDigits: 3, ...numbers });
  const rate = new Intl.NumberFormat(format.locale, { style: 'percent', maximumFractionDigits: 2, ...numbers });
  // Month names in CJK scripts ("2025年3月9日") become numeric dates ("2025/03/09"); a locale
  // whose dates still need other scripts (Arabic punctuation) gets British numeric dates.
  const sampleMoment = new Date(Date.UTC(2025, 2, 9, 16, 30));
  const dateFormats = [format.locale, format.locale, 'en-GB'].map((locale, index) => {
    const options: Intl.DateTimeFormatOptions =
      index === 0 ? { dateStyle: 'medium', ...numbers } : { year: 'numeric', month: '2-digit', day: '2-digit', numberingSystem: 'latn' };
    const timeOptions: Intl.DateTimeFormatOptions = index === 0 ? { timeStyle: 'short' } : { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' };
    return {
      day: new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }),
      moment: new Intl.DateTimeFormat(locale, { ...options, ...timeOptions, timeZone: format.timeZone }),
    };
  });
  const { day, moment } = dateFormats.find((entry) => unsupportedCharacters(entry.moment.format(sampleMoment)).length === 0) ?? dateFormats[2]!;
  const decimals = currencyDecimals(format.currency);
  const fallback = new Intl.NumberFormat(format.locale, {
    style: 'currency',
    currency: format.currency,
    currencyDisplay: 'code',
    numberingSystem: 'latn',
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
  return {
    money: (amount) => (latin ? cleanText(fallback.format(amount / 10 ** decimals)) : cleanText(formatMoney(amount, format.currency, format.locale))),
    quantity: (value) => quantity.format(value),
    rate: (basisPoints) => rate.format(basisPoints / 10_000),
    date(value) {
      if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return cleanText(day.format(new Date(`${value}T00:00:00Z`)));
      const parsed = new Date(value);
      if (Number.isNaN(parsed.getTime())) return cleanText(value);
      return cleanText(moment.format(parsed));
    },
  };
}

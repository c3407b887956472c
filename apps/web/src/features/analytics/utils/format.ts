import { formatMoney } from '@till/core';
import { minorToDecimalText } from '@/lib/money';

/** How the tabs write figures: money in the business currency, shares as percentages, local days. */
export function formatters(currency: string) {
  return {
    money: (amount: number) => formatMoney(amount, currency),
    /** Whole currency units for chart axes ("€1,200"). */
    moneyAxis: (amount: number) => formatMoney(Math.round(amount), currency).replace(/[.,]0+(?=\D*$)/, ''),
    /** A CSV cell: the amount in currency units as a plain decimal ("12.50"). */
    moneyCsv: (amount: number | null) => (amount === null ? null : minorToDecimalText(amount, currency)),
  };
}

export function formatPercent(ratio: number | null): string {
  return ratio === null ? '—' : `${(Math.round(ratio * 1000) / 10).toFixed(1)} %`;
}

export const percentCsv = (ratio: number | null) => (ratio === null ? null : Math.round(ratio * 10_000) / 100);

/** "Mon 9 Mar" for a local day 'YYYY-MM-DD' (the day is already in the business's time zone). */
export function formatDay(day: string, withYear = false): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: withYear ? undefined : 'short',
    day: 'numeric',
    month: 'short',
    year: withYear ? 'numeric' : undefined,
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
export const weekdayName = (isoWeekday: number) => WEEKDAYS[isoWeekday - 1] ?? String(isoWeekday);

export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

const PAYMENT_METHODS: Record<string, string> = { cash: 'Cash', card: 'Card', other: 'Other' };
export const paymentMethodLabel = (method: string) => PAYMENT_METHODS[method] ?? method;

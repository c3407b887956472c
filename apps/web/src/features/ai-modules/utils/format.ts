import { formatMoney } from '@till/core';

/** Money in the business's currency; whole units for chart axes. */
export function moneyFormatters(currency: string) {
  return {
    money: (amount: number) => formatMoney(amount, currency),
    moneyAxis: (amount: number) => formatMoney(Math.round(amount), currency).replace(/[.,]0+(?=\D*$)/, ''),
  };
}

export const percent = (ratio: number | null, digits = 1) => (ratio === null ? '—' : `${(ratio * 100).toFixed(digits)} %`);

/** "Mon 9 Mar" (or "9 Mar 2026") for a local day 'YYYY-MM-DD', already in the business's time zone. */
export function formatDay(day: string, withYear = false): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: withYear ? undefined : 'short',
    day: 'numeric',
    month: 'short',
    year: withYear ? 'numeric' : undefined,
    timeZone: 'UTC',
  }).format(new Date(`${day}T12:00:00Z`));
}

/** "March 2026" for 'YYYY-MM'. */
export const formatMonth = (month: string) =>
  new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));

/** "26 Nov, 09:14" for an instant, in the browser's time. */
export const formatComputedAt = (iso: string) =>
  new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', hour: '2-digit', minute: '2-digit' }).format(new Date(iso));

export const units = (value: number) => (Math.round(value * 10) / 10).toLocaleString(undefined, { maximumFractionDigits: 1 });

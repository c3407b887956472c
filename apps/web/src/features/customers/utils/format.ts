import { formatMoney } from '@till/core';

/** Money in the business currency (Intl.NumberFormat through @till/core). */
export function formatCustomerMoney(amount: number, currency: string): string {
  return formatMoney(amount, currency);
}

/** "Mar 9, 2025" in the business's time zone. */
export function formatVisitDate(iso: string | null, timeZone: string): string {
  if (!iso) return '—';
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' }).format(new Date(iso));
  }
}

/** "Mar 9, 2025, 5:05 PM" in the business's time zone. */
export function formatVisitDateTime(iso: string, timeZone: string): string {
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));
  }
}

export { orderStatusLabel } from '@till/core';

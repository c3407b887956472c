import { EXPENSE_PAYMENT_METHOD_LABELS, type ExpensePaymentMethod } from '@till/core';
import { formatMoney } from '@/lib/money';

export const paymentMethodLabel = (method: ExpensePaymentMethod) => EXPENSE_PAYMENT_METHOD_LABELS[method] ?? method;

export const formatExpenseMoney = (amount: number, currency: string) => formatMoney(amount, currency);

/** "2 Nov 2026" for a calendar day, read as that day wherever the browser is. */
export function formatDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year!, month! - 1, date!));
}

/** "November 2026" for "2026-11". */
export function formatMonth(month: string): string {
  const [year, number] = month.split('-').map(Number);
  return new Intl.DateTimeFormat(undefined, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(Date.UTC(year!, number! - 1, 1));
}

import { formatMoney, paymentMethodLabel } from '@till/core';
import type { OrderEvent } from '../api/types';
import { safeTimeZone } from './date-range';

/** Money in the order's currency (Intl.NumberFormat through @till/core). */
export function money(amount: number, currency: string): string {
  try {
    return formatMoney(amount, currency);
  } catch {
    return (amount / 100).toFixed(2);
  }
}

/** An amount going back to the customer: "−$5.00" with a real minus sign. */
export function refundMoney(amount: number, currency: string): string {
  return `−${money(Math.abs(amount), currency)}`;
}

/** "Mar 9, 2025, 5:05 PM" in the business's time zone. */
export function formatDateTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short', timeZone: safeTimeZone(timeZone) }).format(new Date(iso));
}

/** Only the date part, for narrow columns. */
export function formatDate(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: safeTimeZone(timeZone) }).format(new Date(iso));
}

export function formatTime(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat(undefined, { timeStyle: 'short', timeZone: safeTimeZone(timeZone) }).format(new Date(iso));
}

// One label per status and method for every screen: they live in @till/core.
export { ORDER_STATUS_LABELS, PAYMENT_METHOD_LABELS, orderStatusLabel, paymentMethodLabel } from '@till/core';

/** "Sale #12", or "Parked sale" before it has a number. */
export function orderTitle(order: { number: number | null; status: string }): string {
  if (order.number !== null) return `Sale #${order.number}`;
  return order.status === 'voided' ? 'Voided sale' : 'Parked sale';
}

function humanize(value: string): string {
  const text = value.replace(/[_-]+/g, ' ').trim();
  return text ? text[0]!.toUpperCase() + text.slice(1) : value;
}

function detailText(details: Record<string, unknown>, key: string): string | null {
  const value = details[key];
  return typeof value === 'string' && value.trim() ? value.trim() : null;
}

function detailNumber(details: Record<string, unknown>, key: string): number | null {
  const value = details[key];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** One line of the order's history: what was done (the who and when are shown beside it). */
export function describeEvent(event: Pick<OrderEvent, 'type' | 'details'>, currency: string): { action: string; note: string | null } {
  const total = detailNumber(event.details, 'total');
  const reason = detailText(event.details, 'reason');
  switch (event.type) {
    case 'parked':
      return { action: total === null ? 'Parked the sale' : `Parked the sale at ${money(total, currency)}`, note: null };
    case 'paid': {
      const methods = Array.isArray(event.details['methods'])
        ? [...new Set(event.details['methods'].filter((method): method is string => typeof method === 'string'))].map(paymentMethodLabel)
        : [];
      const amount = total === null ? 'payment' : money(total, currency);
      return { action: `Took ${amount}${methods.length ? ` by ${methods.join(' and ').toLowerCase()}` : ''}`, note: null };
    }
    case 'refunded': {
      // Refunds name their methods (`methods`); those made before split refunds name one (`method`).
      const listed = Array.isArray(event.details['methods'])
        ? event.details['methods'].filter((method): method is string => typeof method === 'string')
        : [detailText(event.details, 'method')].filter((method): method is string => method !== null);
      const methods = [...new Set(listed)].map((method) => paymentMethodLabel(method).toLowerCase());
      const amount = total === null ? 'Refunded' : `Refunded ${money(total, currency)}`;
      return { action: `${amount}${methods.length ? ` to ${methods.join(' and ')}` : ''}`, note: reason };
    }
    case 'voided':
      return { action: 'Voided the sale', note: reason };
    default:
      return { action: humanize(event.type), note: reason };
  }
}

/** How a refund's money went back: "card $10.00 and cash $3.75". */
export function paidBackText(shares: readonly { method: string; amount: number }[], currency: string): string {
  return shares.map((share) => `${paymentMethodLabel(share.method).toLowerCase()} ${money(Math.abs(share.amount), currency)}`).join(' and ');
}

/**
 * The refund confirmation, one sentence per method: "$8.50 back to the card.", "$3.75 back in
 * cash." Amounts may be given as refund rows (negative) or shares (positive).
 */
export function refundSentences(shares: readonly { method: string; amount: number }[], currency: string): string[] {
  return shares.map((share) => {
    const amount = money(Math.abs(share.amount), currency);
    switch (share.method) {
      case 'card':
        return `${amount} back to the card.`;
      case 'cash':
        return `${amount} back in cash.`;
      case 'other':
        return `${amount} back the other way it was paid.`;
      default:
        return `${amount} back by ${paymentMethodLabel(share.method).toLowerCase()}.`;
    }
  });
}

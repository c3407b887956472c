import { PAYMENT_METHODS, type PaymentMethod } from './checkout.ts';

/** The states of an order (a parked cart, a sale, and what refunds and voids make of them). */
export const ORDER_STATUSES = ['parked', 'paid', 'voided', 'partially_refunded', 'refunded'] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** One label per status, wherever an order is shown (issue 11 item 3: not "Partly" here and "Partially" there). */
export const ORDER_STATUS_LABELS: Record<OrderStatus, string> = {
  parked: 'Parked',
  paid: 'Paid',
  voided: 'Voided',
  partially_refunded: 'Partially refunded',
  refunded: 'Refunded',
};

export const PAYMENT_METHOD_LABELS: Record<PaymentMethod, string> = { cash: 'Cash', card: 'Card', other: 'Other', gift_card: 'Gift card', points: 'Points' };

/** "some_new_state" → "Some new state", for a value this build does not know yet. */
const humanize = (value: string) => {
  const words = value.replace(/_/g, ' ').trim();
  return words ? words[0]!.toUpperCase() + words.slice(1) : value;
};

export function orderStatusLabel(status: string): string {
  return (ORDER_STATUSES as readonly string[]).includes(status) ? ORDER_STATUS_LABELS[status as OrderStatus] : humanize(status);
}

export function paymentMethodLabel(method: string): string {
  return (PAYMENT_METHODS as readonly string[]).includes(method) ? PAYMENT_METHOD_LABELS[method as PaymentMethod] : humanize(method);
}

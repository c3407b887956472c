import { describe, expect, it } from 'vitest';
import { ORDER_STATUSES, orderStatusLabel, paymentMethodLabel } from './order-labels.ts';

describe('order and payment labels', () => {
  it.each([
    ['parked', 'Parked'],
    ['paid', 'Paid'],
    ['voided', 'Voided'],
    ['partially_refunded', 'Partially refunded'],
    ['refunded', 'Refunded'],
    ['on_hold', 'On hold'],
  ])('%s reads %s', (status, label) => {
    expect(orderStatusLabel(status)).toBe(label);
  });

  it('has a label for every status', () => {
    expect(ORDER_STATUSES.map(orderStatusLabel).every((label) => label.length > 0)).toBe(true);
  });

  it.each([
    ['cash', 'Cash'],
    ['card', 'Card'],
    ['other', 'Other'],
    ['gift_card', 'Gift card'],
  ])('%s reads %s', (method, label) => {
    expect(paymentMethodLabel(method)).toBe(label);
  });
});

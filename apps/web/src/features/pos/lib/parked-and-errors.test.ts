import { describe, expect, it } from 'vitest';
import { ApiError, type ErrorCode } from '@/lib/api-client';
import type { OrderDetail } from '../api/types';
import { cartTotals } from './cart';
import { describeCheckoutError } from './checkout-errors';
import { cartFromParkedOrder } from './parked-order';

const line = (overrides: Partial<OrderDetail['lines'][number]>): OrderDetail['lines'][number] => ({
  id: 'l',
  product_id: '00000000-0000-4000-8000-000000000001',
  name: 'Coffee beans',
  modifiers: [],
  promotion: null,
  lot_number: null,
  unit_price: 1250,
  quantity: 2,
  tax_rate_basis_points: 1000,
  sku: null,
  line_discount_amount: 0,
  order_discount_share: 0,
  net: 0,
  tax: 0,
  total: 0,
  refunded_quantity: 0,
  note: null,
  ...overrides,
});

const detail = (lines: OrderDetail['lines']): OrderDetail => ({
  order: {
    id: 'order-1',
    number: null,
    status: 'parked',
    currency: 'USD',
    prices_include_tax: false,
    customer_id: 'c1',
    employee_id: null,
    subtotal: 0,
    discount_total: 0,
    tax_total: 0,
    total: 0,
    paid_total: 0,
    refunded_total: 0,
    note: 'back in 5',
    created_at: '2025-01-01T10:00:00Z',
    paid_at: null,
  },
  lines,
  payments: [],
  change: 0,
  events: [],
  refunds: [],
  customer: { id: 'c1', name: 'Jo Park', email: null },
  loyalty: null,
  business: { name: 'Corner Shop', currency: 'USD', time_zone: 'UTC', receipt_header: null, receipt_footer: null },
});

describe('resuming a parked sale', () => {
  it('brings back lines, discounts as amounts, customer and note, and prices to the same total', () => {
    let n = 0;
    const { cart, skipped } = cartFromParkedOrder(
      detail([
        line({ line_discount_amount: 250, order_discount_share: 67, note: 'ground' }),
        line({ product_id: '00000000-0000-4000-8000-000000000002', name: 'Milk', unit_price: 240, quantity: 1, order_discount_share: 8 }),
      ]),
      () => `line-${(n += 1)}`,
    );
    expect(skipped).toEqual([]);
    expect(cart).toMatchObject({ parkedOrderId: 'order-1', note: 'back in 5', customer: { id: 'c1', name: 'Jo Park' }, orderDiscount: { kind: 'amount', amount: 75 } });
    expect(cart.lines.map((l) => [l.id, l.quantity, l.discount, l.note])).toEqual([
      ['line-1', 2, { kind: 'amount', amount: 250 }, 'ground'],
      ['line-2', 1, null, ''],
    ]);
    // 2500 − 250 + 240 = 2490, less the 75 of order discount
    const totals = cartTotals({ ...cart, selectedLineId: null, acceptedTotal: null, attempt: null, giftCards: [], kitchenTicketId: null, kitchenBillPartId: null }, false);
    expect(totals.itemsTotal - totals.priced.discountTotal).toBe(2415);
  });

  it('gives back the lot chosen before parking, and none where the line was automatic (decision 069)', () => {
    const { cart } = cartFromParkedOrder(detail([line({ lot_number: 'L-NEW' }), line({ name: 'Milk' })]), () => 'x');
    expect(cart.lines.map((l) => l.lotNumber ?? null)).toEqual(['L-NEW', null]);
  });

  it('leaves out a line whose product no longer exists, by name', () => {
    const { cart, skipped } = cartFromParkedOrder(detail([line({ product_id: null, name: 'Old mug', order_discount_share: 10 }), line({})]), () => 'x');
    expect(skipped).toEqual(['Old mug']);
    expect(cart.lines).toHaveLength(1);
    expect(cart.orderDiscount).toBeNull();
  });
});

describe('checkout errors', () => {
  it('no answer or a server failure: the outcome is unknown, retry', () => {
    expect(describeCheckoutError(new ApiError({ status: 0, code: 'network_error', message: 'x' })).kind).toBe('unknown-outcome');
    expect(describeCheckoutError(new ApiError({ status: 503, code: 'server_error', message: 'x' })).kind).toBe('unknown-outcome');
    expect(describeCheckoutError(new TypeError('Failed to fetch')).kind).toBe('unknown-outcome');
  });

  it('a total mismatch carries the server’s total', () => {
    const error = new ApiError({ status: 422, code: 'total_mismatch', message: 'x', details: { server_total: 1430 } });
    expect(describeCheckoutError(error)).toEqual({ kind: 'total-changed', serverTotal: 1430 });
  });

  it('out of stock names the product', () => {
    const error = new ApiError({ status: 409, code: 'insufficient_stock', message: 'Not enough Milk in stock', details: { product_id: 'p' } });
    expect(describeCheckoutError(error)).toEqual({ kind: 'out-of-stock', productId: 'p', message: 'Not enough Milk in stock' });
  });

  it('anything else is a refusal with the server’s words', () => {
    expect(describeCheckoutError(new ApiError({ status: 403, code: 'forbidden', message: 'Your role may not use discounts' }))).toEqual({
      kind: 'refused',
      message: 'Your role may not use discounts',
    });
    expect(describeCheckoutError(new ApiError({ status: 409, code: 'not_parked', message: 'gone' })).kind).toBe('not-parked');
  });

  it.each<[ErrorCode, Record<string, unknown>, string, RegExp]>([
    ['gift_card_insufficient', { balance: 100, card: '•••• 1238' }, 'The gift card •••• 1238 does not hold that much', /Remove the gift card payment/],
    ['insufficient_points', { points: 40 }, 'The customer does not have that many points', /They have 40 points now\. Remove the points payment/],
    ['gift_card_not_found', {}, 'No gift card has that code', /Remove the gift card payment/],
    ['gift_card_code_taken', { card: '•••• 1238' }, 'A gift card •••• 1238 with that code was already sold', /remove that gift card/],
  ])('a loyalty refusal (%s) says what to do, the sale stays', (code, details, title, message) => {
    const problem = describeCheckoutError(new ApiError({ status: 409, code, message: 'server words', details }));
    expect(problem).toMatchObject({ kind: 'loyalty', title });
    expect(problem.kind === 'loyalty' ? problem.message : '').toMatch(message);
  });
});

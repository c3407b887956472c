import { chosenModifierFromWire } from '@till/core';
import type { OrderDetail } from '../api/types';
import type { CartLine, CartState } from './cart';

/**
 * A parked order back into a cart. The server keeps each discount as the amount it came to, so
 * that is what comes back (a 10 % line discount returns as its amount, the same total for the
 * same lines); the order discount returns as the sum of its shares, a chosen lot as its number.
 * A line whose product has
 * since been deleted cannot be sold and is left out, by name.
 */
export function cartFromParkedOrder(
  detail: OrderDetail,
  newLineId: () => string,
): { cart: Pick<CartState, 'lines' | 'orderDiscount' | 'customer' | 'note' | 'parkedOrderId'>; skipped: string[] } {
  const skipped: string[] = [];
  const lines: CartLine[] = [];
  for (const line of detail.lines) {
    if (!line.product_id) {
      skipped.push(line.name);
      continue;
    }
    lines.push({
      id: newLineId(),
      productId: line.product_id,
      name: line.name,
      // The line's unit price includes its modifiers' deltas (decision 035).
      catalogPrice: line.unit_price - line.modifiers.reduce((sum, modifier) => sum + modifier.price_delta, 0),
      priceOverride: null,
      quantity: line.quantity,
      taxRateBasisPoints: line.tax_rate_basis_points,
      discount: line.line_discount_amount > 0 ? { kind: 'amount', amount: line.line_discount_amount } : null,
      note: line.note ?? '',
      ...(line.modifiers.length ? { modifiers: line.modifiers.map(chosenModifierFromWire) } : {}),
      // The lot the cashier chose before parking (decision 069); none: first to expire.
      ...(line.lot_number ? { lotNumber: line.lot_number } : {}),
    });
  }
  const orderDiscount = detail.lines.filter((line) => line.product_id).reduce((sum, line) => sum + line.order_discount_share, 0);
  return {
    cart: {
      lines,
      orderDiscount: orderDiscount > 0 ? { kind: 'amount', amount: orderDiscount } : null,
      customer: detail.customer ? { id: detail.customer.id, name: detail.customer.name } : null,
      note: detail.order.note ?? '',
      parkedOrderId: detail.order.id,
    },
    skipped,
  };
}

import { divideRounded } from '@till/core';
import type { OrderLine, OrderRefundLine } from '../api/types';

/**
 * What a refund will give back, computed with the server's rule (refund-order.ts) so the amount
 * on the confirm button is the amount refunded: per line, net and tax in proportion to the
 * quantity (net × q / quantity, tax × q / quantity, rounded half away from zero); the last units
 * of a line take whatever is left of it, so a line refunded in several goes returns exactly what
 * was paid, and a rounded share never goes past what is left.
 */

export type RefundableLine = Pick<OrderLine, 'id' | 'quantity' | 'refunded_quantity' | 'net' | 'tax'>;

/** Quantity per order line id; a missing line or 0 is not refunded. */
export type RefundSelection = Readonly<Record<string, number>>;

export interface RefundPreviewLine {
  orderLineId: string;
  quantity: number;
  net: number;
  tax: number;
  total: number;
}

export interface RefundPreview {
  lines: RefundPreviewLine[];
  net: number;
  tax: number;
  total: number;
}

export function remainingQuantity(line: Pick<OrderLine, 'quantity' | 'refunded_quantity'>): number {
  return Math.max(0, line.quantity - line.refunded_quantity);
}

/** Net and tax already given back per order line, from the order's refunds. */
export function refundedAmountsByLine(
  refunds: readonly { lines: readonly Pick<OrderRefundLine, 'order_line_id' | 'net' | 'tax'>[] }[],
): Map<string, { net: number; tax: number }> {
  const amounts = new Map<string, { net: number; tax: number }>();
  for (const refund of refunds) {
    for (const line of refund.lines) {
      const sum = amounts.get(line.order_line_id) ?? { net: 0, tax: 0 };
      amounts.set(line.order_line_id, { net: sum.net + line.net, tax: sum.tax + line.tax });
    }
  }
  return amounts;
}

const proportion = (amount: number, part: number, whole: number) => Number(divideRounded(BigInt(amount) * BigInt(part), BigInt(whole)));

/** Everything not yet refunded: the whole-order refund. */
export function wholeOrderSelection(lines: readonly RefundableLine[]): Record<string, number> {
  return Object.fromEntries(lines.filter((line) => remainingQuantity(line) > 0).map((line) => [line.id, remainingQuantity(line)]));
}

/** A quantity the stepper may hold for `line`: a whole number from 0 to what is left. */
export function clampRefundQuantity(line: Pick<OrderLine, 'quantity' | 'refunded_quantity'>, quantity: number): number {
  if (!Number.isFinite(quantity)) return 0;
  return Math.min(remainingQuantity(line), Math.max(0, Math.trunc(quantity)));
}

export function previewRefund(
  lines: readonly RefundableLine[],
  alreadyRefunded: ReadonlyMap<string, { net: number; tax: number }>,
  selection: RefundSelection,
): RefundPreview {
  const previewLines: RefundPreviewLine[] = [];
  for (const line of lines) {
    const quantity = clampRefundQuantity(line, selection[line.id] ?? 0);
    if (quantity === 0) continue;
    const already = alreadyRefunded.get(line.id) ?? { net: 0, tax: 0 };
    const isLast = quantity === remainingQuantity(line);
    const leftNet = line.net - already.net;
    const leftTax = line.tax - already.tax;
    const net = isLast ? leftNet : Math.min(proportion(line.net, quantity, line.quantity), leftNet);
    const tax = isLast ? leftTax : Math.min(proportion(line.tax, quantity, line.quantity), leftTax);
    previewLines.push({ orderLineId: line.id, quantity, net, tax, total: net + tax });
  }
  const net = previewLines.reduce((sum, line) => sum + line.net, 0);
  const tax = previewLines.reduce((sum, line) => sum + line.tax, 0);
  return { lines: previewLines, net, tax, total: net + tax };
}

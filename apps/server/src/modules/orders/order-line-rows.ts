import type { AppliedPromotion, PricedCart } from '@till/core';
import type { PricedModifiers } from './line-modifiers.ts';
import type { orderLines } from '../../db/schema/index.ts';
import { uuidV7 } from '../../lib/uuid-v7.ts';

export interface CatalogueLine {
  id: string;
  name: string;
  sku: string | null;
  price: number;
  taxRateBasisPoints: number;
}

/**
 * The order_lines rows of a priced cart, shared by paying and parking: what was sold (name, SKU
 * and rate as they were), the catalogue price when it was overridden, and the priced amounts.
 * Whole rows, ids included, so a sale can answer with exactly what it wrote.
 */
export function toOrderLineRows(input: {
  businessId: string;
  orderId: string;
  lines: { productId: string; quantity: number; unitPrice?: number | undefined; discount?: unknown; note?: string | undefined }[];
  catalogue: Map<string, CatalogueLine>;
  priced: PricedCart;
  /** Each line's checked modifiers (line-modifiers.ts), in line order. */
  modifiers: PricedModifiers[];
  /** Each line's promotion (decision 050), in line order; none when parking. */
  promotions?: (AppliedPromotion | null)[];
  /** Each line's chosen lot (decision 069), in line order; none: every line first-expiry-first-out. */
  lots?: (string | null)[];
}): (typeof orderLines.$inferSelect)[] {
  return input.lines.map((line, index) => {
    const product = input.catalogue.get(line.productId)!;
    const pricedLine = input.priced.lines[index]!;
    const overridden = line.unitPrice !== undefined && line.unitPrice !== product.price;
    const modifiers = input.modifiers[index]!;
    return {
      id: uuidV7(),
      businessId: input.businessId,
      orderId: input.orderId,
      position: index,
      productId: product.id,
      name: product.name,
      sku: product.sku,
      // With its modifiers' deltas (decision 035): unit price × quantity is the line's gross.
      unitPrice: (line.unitPrice ?? product.price) + modifiers.delta,
      catalogueUnitPrice: overridden ? product.price : null,
      quantity: line.quantity,
      taxRateBasisPoints: product.taxRateBasisPoints,
      lineDiscount: line.discount ?? null,
      gross: pricedLine.gross,
      lineDiscountAmount: pricedLine.lineDiscount,
      orderDiscountShare: pricedLine.orderDiscountShare,
      net: pricedLine.net,
      tax: pricedLine.tax,
      total: pricedLine.total,
      note: line.note ?? null,
      refundedQuantity: 0,
      // Set by till_write_sale with the order's, under the session's share lock (issue 12).
      cashSessionId: null,
      // The cost at the time of sale is filled in by the database (trigger order_lines_unit_cost).
      unitCost: null,
      modifiers: modifiers.modifiers,
      promotion: promotionOf(input.promotions?.[index]),
      batchId: input.lots?.[index] ?? null,
    };
  });
}

const promotionOf = (applied: AppliedPromotion | null | undefined) => (applied ? { id: applied.promotionId, name: applied.name, amount: applied.amount } : null);

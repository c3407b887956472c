import { divideRounded, type Minor } from './money.ts';

/**
 * Purchasing rules (issue 13): the weighted-average cost a receipt gives a product, the
 * purchase-order state machine, and what "Reorder" asks for.
 */

/**
 * The product's cost after receiving `quantity` units at `unitCost` (minor units per unit), by
 * weighted average over the units on hand:
 *
 *   new cost = (on hand × current cost + quantity × unit cost) / (on hand + quantity)
 *
 * - "On hand" is the stock before the receipt, counted as 0 when negative (units sold before
 *   they were received carry no cost of their own) and when the product has no cost yet.
 * - One rounding rule, the product's everywhere: half away from zero (core's `divideRounded`),
 *   once, on the exact integer quotient (BigInt, so no float or 2^53 error).
 * - A receipt of 0 units leaves the cost as it was; so does nothing else.
 * The result always lies between the current cost and the unit cost (inclusive).
 */
export function weightedAverageCost(input: { stockBefore: number; costBefore: Minor | null; quantity: number; unitCost: Minor }): Minor {
  const { stockBefore, costBefore, quantity, unitCost } = input;
  if (!Number.isInteger(quantity) || quantity < 0) throw new RangeError('quantity must be a whole number of units, not negative');
  if (!Number.isInteger(unitCost) || unitCost < 0) throw new RangeError('unitCost must be whole minor units, not negative');
  if (quantity === 0) return costBefore ?? unitCost;
  const onHand = costBefore === null ? 0 : Math.max(0, stockBefore);
  if (onHand === 0) return unitCost;
  const numerator = BigInt(onHand) * BigInt(costBefore!) + BigInt(quantity) * BigInt(unitCost);
  return Number(divideRounded(numerator, BigInt(onHand + quantity)));
}

export const PURCHASE_ORDER_STATUS_VALUES = ['draft', 'sent', 'partly_received', 'received', 'cancelled'] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUS_VALUES)[number];
export type PurchaseOrderAction = 'edit' | 'send' | 'receive' | 'cancel';

/**
 * draft → sent → partly received → received, or cancelled. A draft may be edited, sent or
 * cancelled; goods are received against a sent or partly received order; an order is cancelled
 * before anything arrived (a part-delivered order is closed by receiving the rest, or stays
 * partly received). Received and cancelled are final.
 */
const ALLOWED: Record<PurchaseOrderStatus, readonly PurchaseOrderAction[]> = {
  draft: ['edit', 'send', 'cancel'],
  sent: ['receive', 'cancel'],
  partly_received: ['receive'],
  received: [],
  cancelled: [],
};

export function canPurchaseOrder(status: PurchaseOrderStatus, action: PurchaseOrderAction): boolean {
  return ALLOWED[status].includes(action);
}

/** The status an order has once its lines hold these received quantities. */
export function statusAfterReceiving(lines: readonly { quantityOrdered: number; quantityReceived: number }[]): 'partly_received' | 'received' {
  return lines.every((line) => line.quantityReceived >= line.quantityOrdered) ? 'received' : 'partly_received';
}

export const PURCHASE_ORDER_STATUS_LABELS: Record<PurchaseOrderStatus, string> = {
  draft: 'Draft',
  sent: 'Sent',
  partly_received: 'Partly received',
  received: 'Received',
  cancelled: 'Cancelled',
};

/** "PO-0042": the business's gap-free number, padded to four digits. */
export const purchaseOrderLabel = (number: number) => `PO-${String(number).padStart(4, '0')}`;

/**
 * The reorder point a product is judged by: its own, else its low-stock threshold; null (never
 * reordered) when it has neither or does not track stock.
 */
export function effectiveReorderPoint(product: { trackStock: boolean; reorderPoint: number | null; lowStockThreshold: number | null }): number | null {
  if (!product.trackStock) return null;
  return product.reorderPoint ?? product.lowStockThreshold;
}

/**
 * Units to order for a product at or below its reorder point: its reorder quantity, else enough
 * to bring stock to twice the reorder point (at least one unit); rounded up to whole packs.
 */
export function reorderUnits(product: { stockQuantity: number; reorderPoint: number; reorderQuantity: number | null }, packSize: number): number {
  const pack = Math.max(1, Math.trunc(packSize));
  const wanted = product.reorderQuantity ?? Math.max(1, product.reorderPoint * 2 - product.stockQuantity);
  return Math.ceil(Math.max(1, wanted) / pack) * pack;
}

/** Net, tax and total of a purchase-order line, tax rounded once per line by the one rule. */
export function purchaseLineAmounts(line: { quantity: number; unitCost: Minor; taxRateBp: number }): { net: Minor; tax: Minor; total: Minor } {
  const net = line.quantity * line.unitCost;
  const tax = Number(divideRounded(BigInt(net) * BigInt(line.taxRateBp), 10_000n));
  return { net, tax, total: net + tax };
}

/** The due date of an invoice: its date plus the supplier's payment terms in days (calendar dates, YYYY-MM-DD). */
export function dueDateFromTerms(invoiceDate: string, termsDays: number): string {
  const date = new Date(`${invoiceDate}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + termsDays);
  return date.toISOString().slice(0, 10);
}

export type InvoicePaymentStatus = 'unpaid' | 'partly_paid' | 'paid';

export function invoicePaymentStatus(total: Minor, paid: Minor): InvoicePaymentStatus {
  if (paid <= 0) return 'unpaid';
  return paid >= total ? 'paid' : 'partly_paid';
}

export const AGED_PAYABLE_BUCKETS = ['current', 'days_1_30', 'days_31_60', 'days_61_90', 'days_over_90'] as const;
export type AgedPayableBucket = (typeof AGED_PAYABLE_BUCKETS)[number];
export const AGED_PAYABLE_LABELS: Record<AgedPayableBucket, string> = {
  current: 'Current',
  days_1_30: '1–30 days',
  days_31_60: '31–60 days',
  days_61_90: '61–90 days',
  days_over_90: '90+ days',
};

/** Days past the due date on `asOf` (both YYYY-MM-DD); 0 or less is not yet overdue. */
export function daysOverdue(dueDate: string, asOf: string): number {
  return Math.round((Date.parse(`${asOf}T00:00:00Z`) - Date.parse(`${dueDate}T00:00:00Z`)) / 86_400_000);
}

/** The aged-payables column an open balance falls in: current until due, then by days overdue. */
export function agedPayableBucket(dueDate: string, asOf: string): AgedPayableBucket {
  return agedPayableBucketOfDays(daysOverdue(dueDate, asOf));
}

/** The aged-payables column of a balance this many days past its due date. */
export function agedPayableBucketOfDays(days: number): AgedPayableBucket {
  if (days <= 0) return 'current';
  if (days <= 30) return 'days_1_30';
  if (days <= 60) return 'days_31_60';
  if (days <= 90) return 'days_61_90';
  return 'days_over_90';
}

export interface MatchInput {
  quantityOrdered: number;
  unitCostOrdered: Minor;
  quantityReceived: number;
  /** On this invoice. */
  quantityInvoiced: number;
  unitCostInvoiced: Minor;
  /** On the supplier's earlier invoices for the same order line. */
  quantityInvoicedBefore: number;
}

export interface MatchResult {
  /** Invoiced (with earlier invoices) differs from received: pay for what arrived. */
  quantityDiffers: boolean;
  /** Invoiced unit cost differs from the ordered one. */
  costDiffers: boolean;
  /** Received differs from ordered (short or over delivery). */
  deliveryDiffers: boolean;
  /** Invoiced units not (yet) received, never negative. */
  unitsNotReceived: number;
  /** What the invoice asks beyond what was received at the ordered cost, in minor units (negative when it asks less). */
  amountDifference: Minor;
  matched: boolean;
}

/**
 * Three-way match of one order line: ordered, received and invoiced quantity and cost. An
 * invoice line matches when everything invoiced so far equals what was received and its unit cost
 * equals the ordered one.
 */
export function threeWayMatch(line: MatchInput): MatchResult {
  const invoicedSoFar = line.quantityInvoicedBefore + line.quantityInvoiced;
  const quantityDiffers = invoicedSoFar !== line.quantityReceived;
  const costDiffers = line.unitCostInvoiced !== line.unitCostOrdered;
  const deliveryDiffers = line.quantityReceived !== line.quantityOrdered;
  const receivedStillToInvoice = Math.max(0, line.quantityReceived - line.quantityInvoicedBefore);
  const amountDifference = line.quantityInvoiced * line.unitCostInvoiced - receivedStillToInvoice * line.unitCostOrdered;
  return {
    quantityDiffers,
    costDiffers,
    deliveryDiffers,
    unitsNotReceived: Math.max(0, invoicedSoFar - line.quantityReceived),
    amountDifference,
    matched: !quantityDiffers && !costDiffers,
  };
}

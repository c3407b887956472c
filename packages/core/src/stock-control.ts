import { z } from 'zod';

/**
 * Stock control (issue 14 items 3, 4, 6): adjustments with a reason, waste, stock counts and a
 * product's stock history. Contracts shared by the server and the web app; the rules are pure.
 */

export const ADJUSTMENT_REASONS = ['received', 'damaged', 'lost', 'theft', 'correction', 'returned_to_supplier'] as const;
export type AdjustmentReason = (typeof ADJUSTMENT_REASONS)[number];
export const ADJUSTMENT_REASON_LABELS: Record<AdjustmentReason, string> = {
  received: 'Received',
  damaged: 'Damaged',
  lost: 'Lost',
  theft: 'Theft',
  correction: 'Correction',
  returned_to_supplier: 'Returned to supplier',
};

export const WASTE_REASONS = ['expired', 'damaged', 'spoiled', 'preparation', 'other'] as const;
export type WasteReason = (typeof WASTE_REASONS)[number];
export const WASTE_REASON_LABELS: Record<WasteReason, string> = {
  expired: 'Expired',
  damaged: 'Damaged',
  spoiled: 'Spoiled',
  preparation: 'Preparation waste',
  other: 'Other',
};

/** Every kind of stock movement the ledger holds. */
export const STOCK_MOVEMENT_REASONS = ['initial', 'sale', 'refund', 'adjustment', 'import', 'void', 'receipt', 'waste', 'count', 'transfer_out', 'transfer_in'] as const;
export type StockMovementReason = (typeof STOCK_MOVEMENT_REASONS)[number];
export const STOCK_MOVEMENT_LABELS: Record<StockMovementReason, string> = {
  initial: 'Opening stock',
  sale: 'Sale',
  refund: 'Refund',
  adjustment: 'Adjustment',
  import: 'Import',
  void: 'Void',
  receipt: 'Delivery',
  waste: 'Waste',
  count: 'Stock count',
  transfer_out: 'Transfer sent',
  transfer_in: 'Transfer received',
};

/** Most units one adjustment, waste record or counted line may hold. */
export const MAX_MOVEMENT_UNITS = 1_000_000;
/** Lines a count session may hold (a full count of a large shop). */
export const MAX_COUNT_LINES = 20_000;

const wholeUnits = z.number().int('Quantities are whole units').min(1, 'must be at least 1').max(MAX_MOVEMENT_UNITS);

export const stockAdjustmentInput = z.strictObject({
  idempotency_key: z.uuid('idempotency_key is a client-generated UUID'),
  product_id: z.uuid(),
  /** Units added (positive) or removed (negative); never zero. */
  quantity_delta: z
    .number()
    .int('Quantities are whole units')
    .min(-MAX_MOVEMENT_UNITS)
    .max(MAX_MOVEMENT_UNITS)
    .refine((value) => value !== 0, 'must not be zero'),
  reason: z.enum(ADJUSTMENT_REASONS),
  note: z.string().trim().max(500).nullable().optional(),
  /** The store whose shelf moves (decision 049); left out: the main store. */
  store_id: z.uuid().optional(),
});
export type StockAdjustmentInput = z.infer<typeof stockAdjustmentInput>;

export const wasteRecordInput = z.strictObject({
  idempotency_key: z.uuid('idempotency_key is a client-generated UUID'),
  product_id: z.uuid(),
  quantity: wholeUnits,
  reason: z.enum(WASTE_REASONS),
  note: z.string().trim().max(500).nullable().optional(),
  /** The store the units were wasted in (decision 049); left out: the main store. */
  store_id: z.uuid().optional(),
});
export type WasteRecordInput = z.infer<typeof wasteRecordInput>;

/** A waste record as /api/waste and a lot's write-off on /api/batches answer it (decision 070). */
export const wasteRecordView = z.object({
  id: z.uuid(),
  product_id: z.uuid(),
  quantity: z.number().int(),
  reason: z.enum(WASTE_REASONS),
  note: z.string().nullable(),
  unit_cost: z.number().int(),
  cost_value: z.number().int(),
  store_id: z.uuid().nullable(),
  created_at: z.string(),
});
export type WasteRecordView = z.infer<typeof wasteRecordView>;

export const STOCK_COUNT_SCOPES = ['full', 'category', 'shelf'] as const;
export type StockCountScope = (typeof STOCK_COUNT_SCOPES)[number];
/** Longest shelf (location) name a product may have in a store. */
export const MAX_SHELF_LENGTH = 60;
/** A shelf or location in a store ("A3", "Back room"): trimmed, never empty. */
export const shelfName = z.string().trim().min(1, 'must not be empty').max(MAX_SHELF_LENGTH);

export const startStockCountInput = z.strictObject({
  scope: z.enum(STOCK_COUNT_SCOPES),
  category_id: z.uuid().nullable().optional(),
  /** The shelf a 'shelf' count covers: the products placed on it in the count's store. */
  shelf: shelfName.nullable().optional(),
  /** The store whose shelves are counted (decision 049); left out: the main store. */
  store_id: z.uuid().optional(),
  note: z.string().trim().max(500).nullable().optional(),
});
export type StartStockCountInput = z.infer<typeof startStockCountInput>;

/** Where products sit in one store (a count by shelf covers one shelf); null takes a product off its shelf. */
export const setShelvesInput = z.strictObject({
  lines: z
    .array(z.strictObject({ product_id: z.uuid(), shelf: shelfName.nullable() }))
    .min(1)
    .max(MAX_COUNT_LINES),
});
/** What the shelves use-case takes: the body's lines in TypeScript's casing. */
export interface SetShelvesInput {
  lines: { productId: string; shelf: string | null }[];
}

export const recordCountsInput = z.strictObject({
  lines: z
    .array(
      z.strictObject({
        product_id: z.uuid(),
        /** Units on the shelf; null clears a line that was counted by mistake. */
        counted_quantity: z.number().int('Quantities are whole units').min(0, 'must not be negative').max(MAX_MOVEMENT_UNITS).nullable(),
      }),
    )
    .min(1)
    .max(MAX_COUNT_LINES),
});
export type RecordCountsInput = z.infer<typeof recordCountsInput>;

/**
 * What posting a counted line writes. The count of a line is what was on the shelf when it was
 * entered. The expected quantity was snapshotted when the session started; the movements of the
 * product between the start and that moment (sales, deliveries...) are what the shelf should
 * have changed by meanwhile. The difference is what the count found missing (negative) or extra:
 * posting it leaves stock = counted + whatever moved after the line was counted.
 */
export function countDifference(line: { expectedQuantity: number; movedWhileCounting: number; countedQuantity: number }): number {
  return line.countedQuantity - (line.expectedQuantity + line.movedWhileCounting);
}

/** Cost lost by waste: units × the product's cost at the time (0 when it has no cost). */
export function wasteCostValue(quantity: number, unitCost: number | null): number {
  return quantity * (unitCost ?? 0);
}

/** The daily low-stock digest (issue 14 item 6) goes out from this local hour of the business's day. */
export const LOW_STOCK_DIGEST_HOUR = 7;
/** At most this many products are listed in one digest; the rest are counted. */
export const LOW_STOCK_DIGEST_MAX_LINES = 50;

export interface LowStockDigestLine {
  name: string;
  onHand: number;
  threshold: number;
}

/**
 * Whether a business's digest is due at `minuteOfDay` (local): from LOW_STOCK_DIGEST_HOUR on,
 * with low_stock_alerts on, and not yet sent for that local day. Sending it is claimed by day.
 */
export function lowStockDigestDue(input: { minuteOfDay: number; lowStockAlerts: boolean; alreadySentToday: boolean }): boolean {
  return input.lowStockAlerts && !input.alreadySentToday && input.minuteOfDay >= LOW_STOCK_DIGEST_HOUR * 60;
}

/** The digest e-mail: emptiest first, each with its stock and alert level, and where to act. */
export function lowStockDigestMessage(input: {
  businessName: string;
  day: string;
  lines: LowStockDigestLine[];
  total: number;
  appUrl: string;
  purchaseOrders: boolean;
}): { subject: string; body: string } {
  const { lines, total } = input;
  const base = input.appUrl.replace(/\/$/, '');
  const noun = total === 1 ? 'product is' : 'products are';
  const listed = lines.map((line) => `- ${line.name}: ${line.onHand} left (alert at ${line.threshold})`);
  const more = total > lines.length ? [`- and ${total - lines.length} more`] : [];
  const act = input.purchaseOrders
    ? `Reorder: ${base}/purchase-orders (press Reorder to draft purchase orders for what runs low)`
    : `Reorder from your suppliers, then record the delivery in Products.`;
  return {
    subject: `Low stock at ${input.businessName}: ${total} ${total === 1 ? 'product' : 'products'}`,
    body: [
      `Good morning,`,
      ``,
      `${total} ${noun} at or below the low-stock level at ${input.businessName} on ${input.day}:`,
      ``,
      ...listed,
      ...more,
      ``,
      `See them all: ${base}/products?low=1`,
      act,
      ``,
      `You get this e-mail once a day while something runs low. Turn off "Low stock alerts" in Settings to stop it.`,
    ].join('\n'),
  };
}

import { z } from 'zod';

/**
 * Batches and expiry (issue 14 item 5, decision 048): a batch-tracked product's stock in a store
 * is held in lots with an expiry date. Sales take first-expiry-first-out (FEFO); a refund puts the
 * units back in the lots the sale took them from. Contracts shared by the server and the web
 * app; the rules are pure.
 */

/** The "expiring soon" list looks this many days ahead unless asked otherwise. */
export const EXPIRING_SOON_DAYS = 7;
export const MAX_LOT_NUMBER_LENGTH = 60;

/** A lot as FEFO sees it. lotNumber '' is the store's "no lot" batch; no expiry sorts last. */
export interface StockBatch {
  id: string;
  lotNumber: string;
  expiryDate: string | null;
  quantity: number;
  /** When the batch was first received (ISO): the tie-break between equal expiry dates. */
  receivedAt: string;
}

export interface BatchTake {
  batchId: string;
  quantity: number;
}

/** Whether a lot's expiry date (YYYY-MM-DD) is before today (the business's date): it has expired. */
export function isExpired(expiryDate: string | null, today: string | undefined): boolean {
  return today !== undefined && expiryDate !== null && expiryDate < today;
}

/**
 * The order a store's lots are sold in: earliest expiry first, no expiry last, then oldest first.
 * Given today's date (the business's time zone, decision 059), lots that expired before today go
 * after every other lot, the no-lot batch included: they are sold only when nothing unexpired is
 * left, so a sale is never blocked, and they stay on the "expired" list until written off.
 */
export function fefoOrder<T extends StockBatch>(batches: readonly T[], today?: string): T[] {
  return [...batches].sort((a, b) => {
    const expiredA = isExpired(a.expiryDate, today);
    if (expiredA !== isExpired(b.expiryDate, today)) return expiredA ? 1 : -1;
    if (a.expiryDate !== b.expiryDate) {
      if (a.expiryDate === null) return 1;
      if (b.expiryDate === null) return -1;
      return a.expiryDate < b.expiryDate ? -1 : 1;
    }
    if (a.receivedAt !== b.receivedAt) return a.receivedAt < b.receivedAt ? -1 : 1;
    return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
  });
}

export type SaleAllocation =
  | { ok: true; takes: BatchTake[]; shortfall: number }
  | { ok: false; problem: 'lot_not_found'; lotNumber: string }
  | { ok: false; problem: 'lot_short'; lotNumber: string; available: number };

/**
 * Which lots one product's sale lines take from. Lines naming a lot (the cashier's override) take
 * from that lot, and must fit in it; the other lines take FEFO from what is left. Units no lot
 * holds are the shortfall (only possible when the business sells into negative stock). Takes of
 * one lot are merged, in the order taken. With today's date, expired lots are taken last (fefoOrder).
 */
export function allocateSale(
  batches: readonly StockBatch[],
  lines: readonly { quantity: number; lotNumber?: string | null | undefined }[],
  today?: string,
): SaleAllocation {
  const left = new Map(batches.map((batch) => [batch.id, Math.max(0, batch.quantity)]));
  const taken = new Map<string, number>();
  const take = (batchId: string, quantity: number) => {
    left.set(batchId, left.get(batchId)! - quantity);
    taken.set(batchId, (taken.get(batchId) ?? 0) + quantity);
  };
  for (const line of lines) {
    if (!line.lotNumber) continue;
    const lot = batches.find((batch) => batch.lotNumber === line.lotNumber);
    if (!lot) return { ok: false, problem: 'lot_not_found', lotNumber: line.lotNumber };
    const available = left.get(lot.id)!;
    if (line.quantity > available) return { ok: false, problem: 'lot_short', lotNumber: line.lotNumber, available };
    take(lot.id, line.quantity);
  }
  let wanted = lines.filter((line) => !line.lotNumber).reduce((sum, line) => sum + line.quantity, 0);
  for (const batch of fefoOrder(batches, today)) {
    if (wanted === 0) break;
    const quantity = Math.min(wanted, left.get(batch.id)!);
    if (quantity > 0) {
      take(batch.id, quantity);
      wanted -= quantity;
    }
  }
  return { ok: true, takes: [...taken].map(([batchId, quantity]) => ({ batchId, quantity })), shortfall: wanted };
}

/**
 * Where refunded units go back: to the lots the sale took them from, the last-taken lot first,
 * never more to a lot than the sale took from it less what earlier refunds returned. What is left
 * over (a sale from before the product tracked batches) has no lot to go back to.
 */
export function allocateReturn(taken: readonly BatchTake[], returned: readonly BatchTake[], quantity: number): { takes: BatchTake[]; unassigned: number } {
  const open = new Map<string, number>();
  for (const take of taken) open.set(take.batchId, (open.get(take.batchId) ?? 0) + take.quantity);
  for (const back of returned) if (open.has(back.batchId)) open.set(back.batchId, open.get(back.batchId)! - back.quantity);
  const takes: BatchTake[] = [];
  let left = quantity;
  for (const batchId of [...open.keys()].reverse()) {
    if (left === 0) break;
    const room = Math.max(0, open.get(batchId)!);
    const back = Math.min(room, left);
    if (back > 0) {
      takes.push({ batchId, quantity: back });
      left -= back;
    }
  }
  return { takes, unassigned: left };
}

/**
 * Where a transfer's units arrive (decision 059): in the lots they left the sending store in, as
 * many as left each. The lots fill earliest expiry first, so when fewer arrive than were sent the
 * shortage comes off the lot that expires last; units no lot accounts for (more counted than sent,
 * or sent from a store whose lots did not cover them) are `unassigned`: the receiving store's
 * batch without a lot.
 */
export function allocateArrival<T extends StockBatch>(sent: readonly T[], received: number): { takes: { lot: T; quantity: number }[]; unassigned: number } {
  const takes: { lot: T; quantity: number }[] = [];
  let left = Math.max(0, received);
  for (const lot of fefoOrder(sent)) {
    const quantity = Math.min(left, Math.max(0, lot.quantity));
    if (quantity > 0) {
      takes.push({ lot, quantity });
      left -= quantity;
    }
  }
  return { takes, unassigned: left };
}

/** Whole days from today to the expiry date (both YYYY-MM-DD): 0 expires today, negative is past. */
export function daysUntilExpiry(today: string, expiryDate: string): number {
  return Math.round((Date.parse(`${expiryDate}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)) / 86_400_000);
}

/** What a lot's expiry looks like to the user. */
export function expiryStatus(daysLeft: number | null, soonDays = EXPIRING_SOON_DAYS): 'none' | 'expired' | 'soon' | 'ok' {
  if (daysLeft === null) return 'none';
  if (daysLeft < 0) return 'expired';
  return daysLeft <= soonDays ? 'soon' : 'ok';
}

export function daysLeftLabel(daysLeft: number | null): string {
  if (daysLeft === null) return 'No expiry';
  if (daysLeft < 0) return daysLeft === -1 ? 'Expired yesterday' : `Expired ${-daysLeft} days ago`;
  if (daysLeft === 0) return 'Expires today';
  return daysLeft === 1 ? '1 day left' : `${daysLeft} days left`;
}

export const lotNumberInput = z
  .string()
  .trim()
  .min(1, 'Enter a lot number')
  .max(MAX_LOT_NUMBER_LENGTH, `A lot number is at most ${MAX_LOT_NUMBER_LENGTH} characters`)
  .regex(/^[^\p{Cc}]*$/u, 'A lot number is one line of text');

export const batchTrackingInput = z.strictObject({ track_batches: z.boolean() });
export type BatchTrackingInput = z.infer<typeof batchTrackingInput>;

export const batchListQuery = z.strictObject({
  product_id: z.uuid().optional(),
  store_id: z.uuid().optional(),
});

export const expiringBatchesQuery = z.strictObject({
  days: z.coerce.number().int().min(0).max(365).default(EXPIRING_SOON_DAYS),
  store_id: z.uuid().optional(),
});

export const writeOffBatchInput = z.strictObject({
  idempotency_key: z.uuid('idempotency_key is a client-generated UUID'),
  note: z.string().trim().max(500).nullable().optional(),
});
/** What the write-off use-case takes: the body in TypeScript's casing. */
export interface WriteOffBatchInput {
  idempotencyKey: string;
  note?: string | null | undefined;
}

import { z } from 'zod';
import { singleLine } from './plain-text.ts';

/**
 * The dining room (issue 16 item 2, decision 036): areas and tables on a plan, the state each
 * table shows at the till, and split bills (by items, by seats, or evenly).
 */

// ---- Table state -------------------------------------------------------------------------------

export const TABLE_STATES = ['free', 'ordered', 'waiting', 'paying'] as const;
export type TableState = (typeof TABLE_STATES)[number];
export const TABLE_STATE_LABELS: Record<TableState, string> = { free: 'Free', ordered: 'Ordered', waiting: 'Waiting for food', paying: 'Paying' };

export interface TableTicketFacts {
  /** The ticket's stage (the least advanced live item's). */
  stage: string;
  /** A till holds the whole ticket for payment, or a part of its split bill is paid or being paid. */
  paymentStarted: boolean;
}

/**
 * A table's colour on the plan from its open ticket: free without one; paying once a till took
 * the ticket (or a part of its split) for payment; waiting for food while something is past the
 * first stage and not yet served (cooking, ready, plating…); ordered otherwise — the order is in
 * and the kitchen has not started, or everything is served and the guests are eating.
 */
export function tableState(ticket: TableTicketFacts | null, stages: readonly string[]): TableState {
  if (!ticket) return 'free';
  if (ticket.paymentStarted) return 'paying';
  const index = stages.indexOf(ticket.stage);
  if (index > 0 && index < stages.length - 1) return 'waiting';
  return 'ordered';
}

// ---- Splitting the bill -----------------------------------------------------------------------

/**
 * An amount in minor units split evenly among `parts` guests: every share is floor(amount/parts)
 * and the remainder goes one unit each to the first shares, so the shares always add up to the
 * amount and differ by at most one unit, the same way every time.
 */
export function splitEvenly(amount: number, parts: number): number[] {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError('amount must be a non-negative integer in minor units');
  if (!Number.isInteger(parts) || parts < 1) throw new RangeError('parts must be a positive integer');
  const base = Math.floor(amount / parts);
  const remainder = amount - base * parts;
  return Array.from({ length: parts }, (_, index) => base + (index < remainder ? 1 : 0));
}

export interface SplittableItem {
  id: string;
  quantity: number;
  seat: number | null;
}

export type SplitPartLines = { itemId: string; quantity: number }[];

/**
 * Parts by seat: one part per seat number in ascending order; items without a seat form a last
 * "shared" part (null when every item has a seat). Fewer than two parts is not a split (null).
 */
export function partsBySeat(items: readonly SplittableItem[]): { seat: number | null; lines: SplitPartLines }[] | null {
  const bySeat = new Map<number | null, SplitPartLines>();
  for (const item of items) {
    const lines = bySeat.get(item.seat) ?? [];
    lines.push({ itemId: item.id, quantity: item.quantity });
    bySeat.set(item.seat, lines);
  }
  const seats = [...bySeat.keys()].sort((a, b) => (a === null ? 1 : b === null ? -1 : a - b));
  if (seats.length < 2) return null;
  return seats.map((seat) => ({ seat, lines: bySeat.get(seat)! }));
}

export type SplitProblem = 'too_few_parts' | 'empty_part' | 'unknown_item' | 'not_all_allocated' | 'over_allocated';

/**
 * Whether parts split a ticket's items exactly: at least two non-empty parts, only the ticket's
 * items, each item's quantity allocated in full (a line of two steaks may go one to each part).
 */
export function checkSplit(items: readonly Pick<SplittableItem, 'id' | 'quantity'>[], parts: readonly SplitPartLines[]): SplitProblem | null {
  if (parts.length < 2) return 'too_few_parts';
  const wanted = new Map(items.map((item) => [item.id, item.quantity]));
  const given = new Map<string, number>();
  for (const part of parts) {
    if (part.length === 0 || part.every((line) => line.quantity === 0)) return 'empty_part';
    for (const line of part) {
      if (!wanted.has(line.itemId)) return 'unknown_item';
      given.set(line.itemId, (given.get(line.itemId) ?? 0) + line.quantity);
    }
  }
  for (const [id, quantity] of wanted) {
    const allocated = given.get(id) ?? 0;
    if (allocated > quantity) return 'over_allocated';
    if (allocated < quantity) return 'not_all_allocated';
  }
  return null;
}

// ---- Contracts --------------------------------------------------------------------------------

const name = singleLine(z.string().trim().min(1).max(40));
const planCoordinate = z.number().int().min(0).max(2000);

export const diningAreaInput = z.strictObject({
  name,
  position: z.number().int().min(0).max(999).default(0),
});
export type DiningAreaInput = z.input<typeof diningAreaInput>;

export const diningTableInput = z.strictObject({
  area_id: z.uuid(),
  name: singleLine(z.string().trim().min(1).max(20)),
  seats: z.number().int().min(1).max(40).default(4),
  x: planCoordinate.default(0),
  y: planCoordinate.default(0),
  width: z.number().int().min(40).max(600).default(96),
  height: z.number().int().min(40).max(600).default(96),
});
export type DiningTableInput = z.input<typeof diningTableInput>;
/** What the table use-cases take: the parsed body (defaults applied) in TypeScript's casing. */
export type DiningTableFields = Omit<z.output<typeof diningTableInput>, 'area_id'> & { areaId: string };

/** Drag to arrange: only the position (and size) on the plan. */
export const diningTablePlacement = z.strictObject({
  x: planCoordinate,
  y: planCoordinate,
  width: z.number().int().min(40).max(600).optional(),
  height: z.number().int().min(40).max(600).optional(),
});
export type DiningTablePlacement = z.infer<typeof diningTablePlacement>;

export const diningAreaView = z.object({ id: z.uuid(), name: z.string(), position: z.number().int() });
export type DiningAreaView = z.infer<typeof diningAreaView>;

export const diningTableView = z.object({
  id: z.uuid(),
  area_id: z.uuid(),
  name: z.string(),
  seats: z.number().int(),
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int(),
  height: z.number().int(),
  state: z.enum(TABLE_STATES),
  /** The open ticket on the table, if any. */
  ticket: z
    .object({ id: z.uuid(), number: z.number().int(), stage: z.string(), guests: z.number().int().nullable() })
    .nullable(),
});
export type DiningTableView = z.infer<typeof diningTableView>;

export const diningPlanView = z.object({ areas: z.array(diningAreaView), tables: z.array(diningTableView) });
export type DiningPlanView = z.infer<typeof diningPlanView>;

export const moveTicketInput = z.strictObject({ table_id: z.uuid() });
export interface MoveTicketInput {
  tableId: string;
}

const partLines = z.array(z.strictObject({ item_id: z.uuid(), quantity: z.number().int().min(0).max(999) })).min(1).max(100);

export const splitBillInput = z.discriminatedUnion('mode', [
  /** Each part lists the items (and how many of each) its guest pays. */
  z.strictObject({ mode: z.literal('items'), parts: z.array(partLines).min(2).max(20) }),
  /** One part per seat number the items were ordered for (items without a seat: a shared part). */
  z.strictObject({ mode: z.literal('seats') }),
]);
export type SplitBillInput = z.infer<typeof splitBillInput>;

export const BILL_PART_STATUSES = ['open', 'paying', 'paid'] as const;

export const billPartView = z.object({
  id: z.uuid(),
  position: z.number().int(),
  label: z.string(),
  status: z.enum(BILL_PART_STATUSES),
  order_id: z.uuid().nullable(),
  lines: z.array(z.object({ item_id: z.uuid(), quantity: z.number().int() })),
});
export type BillPartView = z.infer<typeof billPartView>;

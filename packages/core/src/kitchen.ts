import { z } from 'zod';
import { billPartView } from './dining.ts';
import { multiLine, singleLine } from './plain-text.ts';
import { chosenModifierView, modifierOptionIdsInput } from './contracts/modifiers.ts';

/**
 * The kitchen (issue 16 items 2–4): tickets sent from the till before payment, their stages on
 * the kitchen display, and the rules both sides share (decision 026).
 */

export const KITCHEN_STAGES = ['new', 'cooking', 'ready', 'served'] as const;
export type KitchenStage = (typeof KITCHEN_STAGES)[number];
export const KITCHEN_STAGE_LABELS: Record<KitchenStage, string> = { new: 'New', cooking: 'Cooking', ready: 'Ready', served: 'Served' };

export const ORDER_TYPES = ['dine_in', 'takeaway', 'delivery'] as const;
export type KitchenOrderType = (typeof ORDER_TYPES)[number];
export const ORDER_TYPE_LABELS: Record<KitchenOrderType, string> = { dine_in: 'Dine-in', takeaway: 'Takeaway', delivery: 'Delivery' };

export const TICKET_STATUSES = ['open', 'paid', 'cancelled'] as const;
export type KitchenTicketStatus = (typeof TICKET_STATUSES)[number];

/** The stage a bump moves to, or null from the last one (a bump of a served item is refused). */
export function nextStage(stage: KitchenStage): KitchenStage | null {
  const index = KITCHEN_STAGES.indexOf(stage);
  return index >= 0 && index < KITCHEN_STAGES.length - 1 ? KITCHEN_STAGES[index + 1]! : null;
}

/** The stage a recall moves back to, or null from the first one. */
export function previousStage(stage: KitchenStage): KitchenStage | null {
  const index = KITCHEN_STAGES.indexOf(stage);
  return index > 0 ? KITCHEN_STAGES[index - 1]! : null;
}

export interface StagedItem {
  stage: KitchenStage;
  /** Voided after it was sent: still shown, struck through, but no longer cooked. */
  voided: boolean;
  /** A held course not fired yet: not on the line. */
  held: boolean;
}

/**
 * A ticket's stage is that of its least advanced live item (fired, not voided): a ticket is
 * Ready when every dish on it is. A ticket with nothing live (all voided, or all held) is
 * served when everything was voided, new while something is held.
 */
export function ticketStage(items: readonly StagedItem[]): KitchenStage {
  const live = items.filter((item) => !item.voided && !item.held);
  if (live.length === 0) return items.some((item) => !item.voided) ? 'new' : 'served';
  let lowest = KITCHEN_STAGES.length - 1;
  for (const item of live) lowest = Math.min(lowest, KITCHEN_STAGES.indexOf(item.stage));
  return KITCHEN_STAGES[lowest]!;
}

export type TimerLevel = 'ok' | 'warn' | 'late';

/** The colour of a ticket's timer: warn and late thresholds in seconds, set per station. */
export function timerLevel(elapsedSeconds: number, thresholds: { warnAfterSeconds: number; lateAfterSeconds: number }): TimerLevel {
  if (elapsedSeconds >= thresholds.lateAfterSeconds) return 'late';
  if (elapsedSeconds >= thresholds.warnAfterSeconds) return 'warn';
  return 'ok';
}

/** mm:ss (or h:mm:ss) since a ticket was sent. */
export function formatElapsed(elapsedSeconds: number): string {
  const total = Math.max(0, Math.floor(elapsedSeconds));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${pad(minutes)}:${pad(seconds)}`;
}

/** All-day counts: how many of each dish are open (fired, not voided, not yet ready), most first. */
export function allDayCounts(items: readonly (StagedItem & { name: string; quantity: number })[]): { name: string; quantity: number }[] {
  const counts = new Map<string, number>();
  for (const item of items) {
    if (item.voided || item.held || item.stage === 'ready' || item.stage === 'served') continue;
    counts.set(item.name, (counts.get(item.name) ?? 0) + item.quantity);
  }
  return [...counts].map(([name, quantity]) => ({ name, quantity })).sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name));
}

// ---- Contracts ----------------------------------------------------------------------------

const tableLabel = singleLine(z.string().trim().min(1).max(20));
const itemNote = multiLine(z.string().trim().max(300));

/** An item as the till sends it (decision 070: snake_case on the wire). */
export const kitchenItemInput = z.strictObject({
  product_id: z.uuid(),
  quantity: z.number().int().min(1).max(999),
  note: itemNote.optional(),
  /** A later course, kept off the line until it is fired. */
  hold: z.boolean().optional(),
  /** The seat it is for, to split the bill by seats (decision 036). */
  seat: z.number().int().min(1).max(99).optional(),
  /** The product's modifier options chosen (decision 035), kept on the item as sent. */
  modifier_option_ids: modifierOptionIdsInput.optional(),
});
export type KitchenItemWire = z.infer<typeof kitchenItemInput>;
export interface KitchenItemInput {
  productId: string;
  quantity: number;
  note?: string;
  hold?: boolean;
  seat?: number;
  modifierOptionIds?: string[];
}
export const kitchenItemFromWire = (item: KitchenItemWire): KitchenItemInput => ({
  productId: item.product_id,
  quantity: item.quantity,
  ...(item.note !== undefined ? { note: item.note } : {}),
  ...(item.hold !== undefined ? { hold: item.hold } : {}),
  ...(item.seat !== undefined ? { seat: item.seat } : {}),
  ...(item.modifier_option_ids !== undefined ? { modifierOptionIds: item.modifier_option_ids } : {}),
});

export const sendTicketInput = z
  .strictObject({
    /** A client-generated UUID: a retried send returns the ticket the first one made. */
    idempotency_key: z.uuid(),
    order_type: z.enum(ORDER_TYPES),
    /** The table number or name, for dine-in. */
    table: tableLabel.nullish(),
    /** A table of the plan (decision 036): its name becomes the label; one open ticket per table. */
    table_id: z.uuid().nullish(),
    guests: z.number().int().min(1).max(99).nullish(),
    items: z.array(kitchenItemInput).min(1).max(100),
  })
  .refine((input) => input.order_type !== 'dine_in' || Boolean(input.table) || Boolean(input.table_id), { message: 'A dine-in ticket needs a table', path: ['table'] });
export type SendTicketWire = z.infer<typeof sendTicketInput>;
export interface SendTicketInput {
  idempotencyKey: string;
  orderType: KitchenOrderType;
  table?: string | null;
  tableId?: string | null;
  guests?: number | null;
  items: KitchenItemInput[];
}
export const sendTicketFromWire = (input: SendTicketWire): SendTicketInput => ({
  idempotencyKey: input.idempotency_key,
  orderType: input.order_type,
  table: input.table,
  tableId: input.table_id,
  guests: input.guests,
  items: input.items.map(kitchenItemFromWire),
});

export const addRoundInput = z.strictObject({
  items: z.array(kitchenItemInput).min(1).max(100),
});
export interface AddRoundInput {
  items: KitchenItemInput[];
}
export const addRoundFromWire = (input: z.infer<typeof addRoundInput>): AddRoundInput => ({ items: input.items.map(kitchenItemFromWire) });

/** A change to an item already sent: a new quantity or note, or a void. Shown on the display as a change. */
export const changeItemInput = z
  .strictObject({
    quantity: z.number().int().min(1).max(999).optional(),
    note: itemNote.nullable().optional(),
    /** New modifier choices (decision 035): the display shows the old ones as changed. */
    modifier_option_ids: modifierOptionIdsInput.optional(),
    void: z.literal(true).optional(),
  })
  .refine((input) => input.quantity !== undefined || input.note !== undefined || input.modifier_option_ids !== undefined || input.void, {
    message: 'Give a quantity, a note, modifiers or void',
  });
export interface ChangeItemInput {
  quantity?: number;
  note?: string | null;
  modifierOptionIds?: string[];
  void?: true;
}
export const changeItemFromWire = (input: z.infer<typeof changeItemInput>): ChangeItemInput => ({
  ...(input.quantity !== undefined ? { quantity: input.quantity } : {}),
  ...(input.note !== undefined ? { note: input.note } : {}),
  ...(input.modifier_option_ids !== undefined ? { modifierOptionIds: input.modifier_option_ids } : {}),
  ...(input.void !== undefined ? { void: input.void } : {}),
});

/** Bump or recall: the stage the display shows now, so a stale screen cannot skip a stage (409). */
export const stageMoveInput = z.strictObject({
  /** A stage name of the business's list (decision 036), or one of the four roles. */
  from: singleLine(z.string().trim().min(1).max(20)),
  /** Only this station's items; the whole ticket when left out (the expo view). */
  station_id: z.uuid().optional(),
});
export interface StageMoveInput {
  from: string;
  stationId?: string;
}
export const stageMoveFromWire = (input: z.infer<typeof stageMoveInput>): StageMoveInput => ({
  from: input.from,
  ...(input.station_id !== undefined ? { stationId: input.station_id } : {}),
});

export const stationInput = z
  .strictObject({
    name: singleLine(z.string().trim().min(1).max(40)),
    category_ids: z.array(z.uuid()).max(100).default([]),
    warn_after_seconds: z.number().int().min(30).max(7200).default(480),
    late_after_seconds: z.number().int().min(60).max(14400).default(900),
  })
  .refine((input) => input.late_after_seconds > input.warn_after_seconds, { message: 'Late must come after warn', path: ['late_after_seconds'] });
/** What the settings send (defaults may be left out). */
export type StationInput = z.input<typeof stationInput>;
export interface StationFields {
  name: string;
  categoryIds: string[];
  warnAfterSeconds: number;
  lateAfterSeconds: number;
}
export const stationFromWire = (input: z.output<typeof stationInput>): StationFields => ({
  name: input.name,
  categoryIds: input.category_ids,
  warnAfterSeconds: input.warn_after_seconds,
  lateAfterSeconds: input.late_after_seconds,
});

// ---- Views --------------------------------------------------------------------------------

export const kitchenItemView = z.object({
  id: z.uuid(),
  product_id: z.uuid().nullable(),
  name: z.string(),
  category_id: z.uuid().nullable(),
  quantity: z.number().int(),
  note: z.string().nullable(),
  seat: z.number().int().nullable(),
  round: z.number().int(),
  stage: z.enum(KITCHEN_STAGES),
  /** Its stage's name in the business's list (decision 036). */
  stage_name: z.string(),
  held: z.boolean(),
  voided: z.boolean(),
  /** The chosen modifiers as sent (decision 035). */
  modifiers: z.array(chosenModifierView),
  /** What it was before a change after sending (quantity, note, modifiers), shown struck through. */
  changed_from: z.object({ quantity: z.number().int(), note: z.string().nullable(), modifiers: z.array(chosenModifierView).nullish() }).nullable(),
  changed_at: z.string().nullable(),
  /** The catalogue price now and its tax rate, for loading the ticket into the till's cart. */
  unit_price: z.number().int().nullable(),
  tax_rate_basis_points: z.number().int(),
  sent_at: z.string(),
});
export type KitchenItemView = z.infer<typeof kitchenItemView>;

export const kitchenTicketView = z.object({
  id: z.uuid(),
  number: z.number().int(),
  business_day: z.string(),
  order_type: z.enum(ORDER_TYPES),
  table: z.string().nullable(),
  table_id: z.uuid().nullable(),
  guests: z.number().int().nullable(),
  stage: z.enum(KITCHEN_STAGES),
  /** Its least advanced live item's stage name in the business's list (decision 036). */
  stage_name: z.string(),
  status: z.enum(TICKET_STATUSES),
  order_id: z.uuid().nullable(),
  /** A till holds the whole ticket for payment right now. */
  being_paid: z.boolean(),
  /** The parts of its split bill (decision 036), empty when not split. */
  bill_parts: z.array(billPartView),
  created_at: z.string(),
  stage_changed_at: z.string(),
  items: z.array(kitchenItemView),
});
export type KitchenTicketView = z.infer<typeof kitchenTicketView>;

export const kitchenStationView = z.object({
  id: z.uuid(),
  name: z.string(),
  category_ids: z.array(z.uuid()),
  warn_after_seconds: z.number().int(),
  late_after_seconds: z.number().int(),
});
export type KitchenStationView = z.infer<typeof kitchenStationView>;

/** Whether a station prepares an item: its category is one of the station's. */
export function stationPrepares(station: { categoryIds: readonly string[] }, item: { categoryId: string | null }): boolean {
  return item.categoryId !== null && station.categoryIds.includes(item.categoryId);
}

/** The realtime event every change of a ticket publishes (business topic and its stations' topics). */
export const kitchenTicketEvent = z.object({
  ticket_id: z.uuid(),
  number: z.number().int(),
  stage: z.enum(KITCHEN_STAGES),
  status: z.enum(TICKET_STATUSES),
  change: z.enum(['sent', 'round', 'item_changed', 'fired', 'bumped', 'recalled', 'item_done', 'paid', 'moved', 'split', 'part_paid']),
  sent_at: z.string(),
});
export type KitchenTicketEvent = z.infer<typeof kitchenTicketEvent>;

import { allocateProportionally } from './pricing.ts';
import type { Minor } from './money.ts';
import type { PromotionRecord } from './contracts/promotions.ts';

/**
 * Promotions (SPEC §3 feature promotions_pricing, issue 20 item 5, decision 050), priced the same
 * way by the till and by the server at checkout. No zod here: the till loads this module.
 *
 * A promotion targets one product or one category and takes off, per matching line:
 * - percent_off: that percentage of the line, rounded half away from zero;
 * - amount_off: that amount from each unit, never below zero;
 * - buy_x_get_y: of every buyQuantity + freeQuantity matching units, the freeQuantity cheapest
 *   are free (units counted across the cart's matching lines, dearest first);
 * - bundle_price: every `quantity` matching units (dearest first) cost `price` together, when
 *   that is cheaper; the saving is shared across those units in proportion to their prices.
 *
 * It applies while it is active, on its start and end dates (inclusive, both optional) and, when
 * it has days of the week or a time window (a happy hour), on those days between startTime
 * (inclusive) and endTime (exclusive); all in the business's time zone. A window whose end is
 * before its start runs past midnight and belongs to the day it starts.
 *
 * Precedence (best for the customer, deterministic): a line takes at most one promotion. Each
 * live promotion is priced against the lines still free; the one taking most off wins its lines
 * (ties: the lower id), and the rest are priced again against what is left, until none saves.
 */
export const PROMOTION_KINDS = ['percent_off', 'amount_off', 'buy_x_get_y', 'bundle_price'] as const;
export type PromotionKind = (typeof PROMOTION_KINDS)[number];

export const PROMOTION_KIND_LABELS: Record<PromotionKind, string> = {
  percent_off: 'Percentage off',
  amount_off: 'Amount off each',
  buy_x_get_y: 'Buy X get Y free',
  bundle_price: 'Bundle price',
};

export type PromotionRule =
  | { kind: 'percent_off'; basisPoints: number }
  | { kind: 'amount_off'; amount: Minor }
  | { kind: 'buy_x_get_y'; buyQuantity: number; freeQuantity: number }
  | { kind: 'bundle_price'; quantity: number; price: Minor };

export interface Promotion {
  id: string;
  name: string;
  active: boolean;
  productId: string | null;
  categoryId: string | null;
  rule: PromotionRule;
  /** 'YYYY-MM-DD' in the business's time zone, inclusive; null: no limit. */
  startsOn: string | null;
  endsOn: string | null;
  /** 0 = Sunday … 6 = Saturday; empty: every day. */
  daysOfWeek: number[];
  /** 'HH:MM' in the business's time zone; both or neither. */
  startTime: string | null;
  endTime: string | null;
}

export interface PromotionLine {
  productId: string;
  categoryId: string | null;
  /** The unit price with its modifiers. */
  unitPrice: Minor;
  quantity: number;
}

export interface AppliedPromotion {
  promotionId: string;
  name: string;
  amount: Minor;
}

/** The wall clock in a time zone: day 'YYYY-MM-DD', weekday 0–6 (Sunday 0), minutes since midnight. */
export function wallClock(timeZone: string, now: Date): { day: string; weekday: number; minutes: number } {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(now);
  const part = (type: string) => parts.find((item) => item.type === type)!.value;
  const day = `${part('year')}-${part('month')}-${part('day')}`;
  const weekday = new Date(`${day}T00:00:00Z`).getUTCDay();
  return { day, weekday, minutes: Number(part('hour')) * 60 + Number(part('minute')) };
}

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

function previousDay(day: string): { day: string; weekday: number } {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - 1);
  return { day: date.toISOString().slice(0, 10), weekday: date.getUTCDay() };
}

/** Whether a promotion applies at `now` in the business's time zone. */
export function isPromotionLive(promotion: Promotion, timeZone: string, now: Date): boolean {
  if (!promotion.active) return false;
  const clock = wallClock(timeZone, now);
  const onDay = (day: string, weekday: number) =>
    (promotion.startsOn === null || day >= promotion.startsOn) &&
    (promotion.endsOn === null || day <= promotion.endsOn) &&
    (promotion.daysOfWeek.length === 0 || promotion.daysOfWeek.includes(weekday));
  if (promotion.startTime === null || promotion.endTime === null) return onDay(clock.day, clock.weekday);
  const start = minutesOf(promotion.startTime);
  const end = minutesOf(promotion.endTime);
  if (start < end) return onDay(clock.day, clock.weekday) && clock.minutes >= start && clock.minutes < end;
  // Past midnight: the evening part today, or the small hours of a window that began yesterday.
  if (clock.minutes >= start) return onDay(clock.day, clock.weekday);
  const yesterday = previousDay(clock.day);
  return clock.minutes < end && onDay(yesterday.day, yesterday.weekday);
}

const matches = (promotion: Promotion, line: PromotionLine) =>
  (promotion.productId !== null && promotion.productId === line.productId) ||
  (promotion.categoryId !== null && promotion.categoryId === line.categoryId);

/** What one promotion takes off each of the given lines (0 where it does not apply). */
export function promotionDiscounts(promotion: Promotion, lines: readonly PromotionLine[], eligible: readonly boolean[]): Minor[] {
  const discounts = lines.map(() => 0);
  const indexes = lines.map((_, index) => index).filter((index) => eligible[index] && matches(promotion, lines[index]!));
  const rule = promotion.rule;
  if (rule.kind === 'percent_off') {
    for (const index of indexes) {
      const gross = lines[index]!.unitPrice * lines[index]!.quantity;
      // Half away from zero on non-negative amounts: (2a + d) / 2d floored.
      discounts[index] = Math.min(gross, Number((BigInt(gross) * BigInt(rule.basisPoints) * 2n + 10_000n) / 20_000n));
    }
    return discounts;
  }
  if (rule.kind === 'amount_off') {
    for (const index of indexes) discounts[index] = Math.min(rule.amount, lines[index]!.unitPrice) * lines[index]!.quantity;
    return discounts;
  }
  // Unit by unit, dearest first (ties: cart order), for the rules that count units across lines.
  const units = indexes
    .flatMap((index) => Array.from({ length: lines[index]!.quantity }, () => ({ index, price: lines[index]!.unitPrice })))
    .sort((a, b) => b.price - a.price || a.index - b.index);
  if (rule.kind === 'buy_x_get_y') {
    const group = rule.buyQuantity + rule.freeQuantity;
    for (let start = 0; start + group <= units.length; start += group) {
      for (const unit of units.slice(start + rule.buyQuantity, start + group)) discounts[unit.index]! += unit.price;
    }
    return discounts;
  }
  for (let start = 0; start + rule.quantity <= units.length; start += rule.quantity) {
    const bundle = units.slice(start, start + rule.quantity);
    const saving = bundle.reduce((sum, unit) => sum + unit.price, 0) - rule.price;
    if (saving <= 0) continue;
    const shares = allocateProportionally(saving, bundle.map((unit) => unit.price));
    bundle.forEach((unit, position) => (discounts[unit.index]! += shares[position]!));
  }
  return discounts;
}

/**
 * The promotion each line takes, or null: the live promotions (`isPromotionLive`) with the
 * precedence described above. Each amount is at most the line's unit price × quantity.
 */
export function applyPromotions(lines: readonly PromotionLine[], promotions: readonly Promotion[]): (AppliedPromotion | null)[] {
  const applied: (AppliedPromotion | null)[] = lines.map(() => null);
  const candidates = [...promotions].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (;;) {
    const eligible = applied.map((line) => line === null);
    let best: { promotion: Promotion; discounts: Minor[]; total: Minor } | null = null;
    for (const promotion of candidates) {
      const discounts = promotionDiscounts(promotion, lines, eligible);
      const total = discounts.reduce((sum, amount) => sum + amount, 0);
      if (total > 0 && (!best || total > best.total)) best = { promotion, discounts, total };
    }
    if (!best) return applied;
    const { promotion, discounts } = best;
    // The lines it takes something off are its own.
    discounts.forEach((amount, index) => {
      if (amount > 0) applied[index] = { promotionId: promotion.id, name: promotion.name, amount };
    });
    candidates.splice(candidates.indexOf(promotion), 1);
  }
}

/** The live promotions' amounts for a cart at `now` in the business's zone. */
export function promotionsForCart(lines: readonly PromotionLine[], promotions: readonly Promotion[], timeZone: string, now: Date): (AppliedPromotion | null)[] {
  return applyPromotions(
    lines,
    promotions.filter((promotion) => isPromotionLive(promotion, timeZone, now)),
  );
}

// The wire's shape (decision 070) mapped to and from core's here, not in contracts/promotions.ts:
// the till maps what it reads and must not load zod (decision 058); the type import is erased.
type WireRule = PromotionRecord['rule'];

/** A wire rule in core's casing, for the pricing (promotions.ts). */
export function promotionRuleFromBody(rule: WireRule): PromotionRule {
  switch (rule.kind) {
    case 'percent_off':
      return { kind: rule.kind, basisPoints: rule.basis_points };
    case 'buy_x_get_y':
      return { kind: rule.kind, buyQuantity: rule.buy_quantity, freeQuantity: rule.free_quantity };
    default:
      return rule;
  }
}

/** Core's rule as the wire names it. */
export function promotionRuleToBody(rule: PromotionRule): WireRule {
  switch (rule.kind) {
    case 'percent_off':
      return { kind: rule.kind, basis_points: rule.basisPoints };
    case 'buy_x_get_y':
      return { kind: rule.kind, buy_quantity: rule.buyQuantity, free_quantity: rule.freeQuantity };
    default:
      return rule;
  }
}

/** A promotion as the wire shows it (GET /api/pos/promotions too) back in core's shape, which the till prices with. */
export function promotionFromRecord(record: PromotionRecord): Promotion {
  return {
    id: record.id,
    name: record.name,
    active: record.active,
    productId: record.product_id,
    categoryId: record.category_id,
    rule: promotionRuleFromBody(record.rule),
    startsOn: record.starts_on,
    endsOn: record.ends_on,
    daysOfWeek: record.days_of_week,
    startTime: record.start_time,
    endTime: record.end_time,
  };
}

/**
 * Loyalty points (SPEC §3 feature loyalty_program, decision 064): pure rules shared by the till
 * and the server, integer minor units and whole points throughout, no zod (the till loads this
 * module only when the cashier opens the loyalty part of the payment dialog).
 *
 * - Earning: one point per `spendPerPoint` minor units of eligible spend, times the customer's
 *   tier multiplier (basis points, 10000 = 1×), rounded down. Eligible spend is what the sale
 *   took minus gift cards sold and minus what points paid.
 * - Redeeming: each point is worth `pointValue` minor units; a points payment must be a whole
 *   number of points.
 * - Tiers: the highest tier whose `minSpend` the customer's lifetime spend has reached.
 * - Refunds: the points a sale earned are taken back in proportion to what was refunded, rounded
 *   down while partly refunded and exactly once wholly refunded.
 */

export interface LoyaltyTier {
  name: string;
  /** Lifetime spend (minor units) from which the tier applies; the first tier starts at 0. */
  minSpend: number;
  /** Earn multiplier in basis points: 10000 = 1×, 15000 = 1.5×. */
  multiplierBasisPoints: number;
}

export interface LoyaltySettings {
  /** Minor units of eligible spend that earn one point (100: one point per whole currency unit). */
  spendPerPoint: number;
  /** Minor units one point is worth when redeemed (1: 100 points pay 1.00). */
  pointValue: number;
  /** Ascending by minSpend, the first at 0. */
  tiers: LoyaltyTier[];
}

export const DEFAULT_LOYALTY_SETTINGS: LoyaltySettings = {
  spendPerPoint: 100,
  pointValue: 1,
  tiers: [
    { name: 'Bronze', minSpend: 0, multiplierBasisPoints: 10_000 },
    { name: 'Silver', minSpend: 50_000, multiplierBasisPoints: 12_500 },
    { name: 'Gold', minSpend: 200_000, multiplierBasisPoints: 15_000 },
  ],
};

export const LOYALTY_LIMITS = {
  maxSpendPerPoint: 1_000_000,
  maxPointValue: 1_000_000,
  maxTiers: 10,
  maxMultiplierBasisPoints: 100_000,
} as const;

export type LoyaltyEntryKind = 'earn' | 'redeem' | 'reverse_earn' | 'return_redeem';
export const LOYALTY_ENTRY_KINDS: readonly LoyaltyEntryKind[] = ['earn', 'redeem', 'reverse_earn', 'return_redeem'];

export type LoyaltySettingsProblem = 'first_tier_not_zero' | 'tiers_not_ascending' | 'duplicate_tier_name';

/** What is wrong with a settings value, or null: tiers ascend strictly from 0 with distinct names. */
export function loyaltySettingsProblem(settings: LoyaltySettings): LoyaltySettingsProblem | null {
  if (settings.tiers.length > 0 && settings.tiers[0]!.minSpend !== 0) return 'first_tier_not_zero';
  for (let index = 1; index < settings.tiers.length; index++) {
    if (settings.tiers[index]!.minSpend <= settings.tiers[index - 1]!.minSpend) return 'tiers_not_ascending';
  }
  const names = new Set(settings.tiers.map((tier) => tier.name.trim().toLowerCase()));
  return names.size === settings.tiers.length ? null : 'duplicate_tier_name';
}

/** The tier a lifetime spend has reached; null when the business has no tiers. */
export function loyaltyTier(settings: LoyaltySettings, lifetimeSpend: number): LoyaltyTier | null {
  let reached: LoyaltyTier | null = null;
  for (const tier of settings.tiers) if (lifetimeSpend >= tier.minSpend) reached = tier;
  return reached;
}

/** The next tier up and the spend still needed to reach it; null at the top. */
export function nextLoyaltyTier(settings: LoyaltySettings, lifetimeSpend: number): { tier: LoyaltyTier; spendNeeded: number } | null {
  const next = settings.tiers.find((tier) => tier.minSpend > lifetimeSpend);
  return next ? { tier: next, spendNeeded: next.minSpend - lifetimeSpend } : null;
}

/**
 * Points earned on `eligibleSpend` by a customer whose lifetime spend before the sale is
 * `lifetimeSpend`: floor(spend × multiplier / (spendPerPoint × 10000)). BigInt keeps it exact for
 * any safe integer.
 */
export function pointsEarned(settings: LoyaltySettings, eligibleSpend: number, lifetimeSpend: number): number {
  if (eligibleSpend <= 0 || settings.spendPerPoint <= 0) return 0;
  const multiplier = loyaltyTier(settings, lifetimeSpend)?.multiplierBasisPoints ?? 10_000;
  return Number((BigInt(eligibleSpend) * BigInt(multiplier)) / (BigInt(settings.spendPerPoint) * 10_000n));
}

/** What a sale's spend earns on: the total less gift cards sold (not yet spent) and less what points paid. */
export function earnEligibleSpend(sale: { total: number; giftCardsSold: number; paidWithPoints: number }): number {
  return Math.max(0, sale.total - sale.giftCardsSold - sale.paidWithPoints);
}

/** What `points` pay at the till, in minor units. */
export function pointsValue(settings: LoyaltySettings, points: number): number {
  return points * settings.pointValue;
}

/** The points a payment of `amount` minor units takes, or null when it is not a whole number of points. */
export function pointsForAmount(settings: LoyaltySettings, amount: number): number | null {
  if (amount <= 0 || settings.pointValue <= 0 || amount % settings.pointValue !== 0) return null;
  return amount / settings.pointValue;
}

/** The most a customer's points can pay of `due`: whole points only, never more than is due. */
export function maxPointsPayment(settings: LoyaltySettings, balance: number, due: number): { points: number; amount: number } {
  if (settings.pointValue <= 0 || balance <= 0 || due <= 0) return { points: 0, amount: 0 };
  const points = Math.min(balance, Math.floor(due / settings.pointValue));
  return { points, amount: points * settings.pointValue };
}

/**
 * How many more of a sale's earned points a refund takes back: the cumulative share of the sale
 * refunded so far (refundedTotal of total), rounded down, less what earlier refunds took back.
 */
export function pointsToReverse(input: { earned: number; orderTotal: number; refundedTotal: number; alreadyReversed: number }): number {
  if (input.earned <= 0 || input.orderTotal <= 0) return 0;
  const refunded = Math.min(input.refundedTotal, input.orderTotal);
  const target = Number((BigInt(input.earned) * BigInt(refunded)) / BigInt(input.orderTotal));
  return Math.max(0, target - input.alreadyReversed);
}

/**
 * The points given back when `refundAmount` of a points payment is refunded: in proportion to the
 * points that paid `paidAmount`, rounded down, never more than is left to give back.
 */
export function pointsToReturn(input: { redeemedPoints: number; paidAmount: number; refundAmount: number; alreadyReturned: number }): number {
  if (input.redeemedPoints <= 0 || input.paidAmount <= 0 || input.refundAmount <= 0) return 0;
  const share = Number((BigInt(input.redeemedPoints) * BigInt(Math.min(input.refundAmount, input.paidAmount))) / BigInt(input.paidAmount));
  return Math.max(0, Math.min(share, input.redeemedPoints - input.alreadyReturned));
}

import { loyaltyTier, maxPointsPayment, nextLoyaltyTier, type LoyaltyEntryKind } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { settingsOrDefault } from './loyalty-settings.ts';
import { loyaltyRepository as repo } from './loyalty.repository.ts';

/** A customer's points as the wire names them (snake_case, decision 070). */
export interface CustomerLoyaltyView {
  customer_id: string;
  points: number;
  /** What the points pay at the till, in minor units. */
  points_value: number;
  point_value: number;
  lifetime_points: number;
  lifetime_spend: number;
  tier: { name: string; multiplier_basis_points: number } | null;
  next_tier: { name: string; spend_needed: number } | null;
  history: {
    id: string;
    kind: LoyaltyEntryKind;
    points: number;
    amount: number;
    balance_after: number;
    order_id: string | null;
    refund_id: string | null;
    created_at: string;
  }[];
}

/** A customer's points, tier and latest history (decision 064): the customer page and the till's attach panel. */
export async function getCustomerLoyalty(database: Database, businessId: string, customerId: string): Promise<CustomerLoyaltyView> {
  return database.withTenant(businessId, async (tx) => {
    if (!(await repo.customer(tx, businessId, customerId))) throw new AppError(404, 'customer_not_found', 'That customer does not exist');
    const settings = settingsOrDefault((await repo.settings(tx, businessId))?.loyalty);
    const account = await repo.account(tx, businessId, customerId);
    const points = account?.points ?? 0;
    const lifetimeSpend = account?.lifetimeSpend ?? 0;
    const tier = loyaltyTier(settings, lifetimeSpend);
    const next = nextLoyaltyTier(settings, lifetimeSpend);
    return {
      customer_id: customerId,
      points,
      points_value: maxPointsPayment(settings, points, Number.MAX_SAFE_INTEGER).amount,
      point_value: settings.pointValue,
      lifetime_points: account?.lifetimePoints ?? 0,
      lifetime_spend: lifetimeSpend,
      tier: tier ? { name: tier.name, multiplier_basis_points: tier.multiplierBasisPoints } : null,
      next_tier: next ? { name: next.tier.name, spend_needed: next.spendNeeded } : null,
      history: (await repo.entriesOfCustomer(tx, businessId, customerId, 50)).map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        points: entry.points,
        amount: entry.amount,
        balance_after: entry.balanceAfter,
        order_id: entry.orderId,
        refund_id: entry.refundId,
        created_at: entry.createdAt.toISOString(),
      })),
    };
  });
}

/**
 * What a sale did to its customer's points, for its receipt (decision 066): the points it earned
 * and redeemed, and the balance right after it. Null when the sale moved no points.
 */
export async function saleLoyaltySummary(tx: Tx, businessId: string, orderId: string): Promise<{ earned: number; redeemed: number; balance: number } | null> {
  const entries = (await repo.entriesOfOrder(tx, businessId, orderId)).filter((entry) => entry.kind === 'earn' || entry.kind === 'redeem');
  const last = entries.at(-1);
  if (!last) return null;
  const sum = (kind: string) => entries.filter((entry) => entry.kind === kind).reduce((total, entry) => total + Math.abs(entry.points), 0);
  return { earned: sum('earn'), redeemed: sum('redeem'), balance: last.balanceAfter };
}

import { loyaltyTier, maxPointsPayment, nextLoyaltyTier, type LoyaltyEntryKind } from '@till/core';
import type { Database, Tx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { settingsOrDefault } from './loyalty-settings.ts';
import { loyaltyRepository as repo } from './loyalty.repository.ts';

export interface CustomerLoyaltyView {
  customerId: string;
  points: number;
  /** What the points pay at the till, in minor units. */
  pointsValue: number;
  pointValue: number;
  lifetimePoints: number;
  lifetimeSpend: number;
  tier: { name: string; multiplierBasisPoints: number } | null;
  nextTier: { name: string; spendNeeded: number } | null;
  history: {
    id: string;
    kind: LoyaltyEntryKind;
    points: number;
    amount: number;
    balanceAfter: number;
    orderId: string | null;
    refundId: string | null;
    createdAt: string;
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
      customerId,
      points,
      pointsValue: maxPointsPayment(settings, points, Number.MAX_SAFE_INTEGER).amount,
      pointValue: settings.pointValue,
      lifetimePoints: account?.lifetimePoints ?? 0,
      lifetimeSpend,
      tier: tier ? { name: tier.name, multiplierBasisPoints: tier.multiplierBasisPoints } : null,
      nextTier: next ? { name: next.tier.name, spendNeeded: next.spendNeeded } : null,
      history: (await repo.entriesOfCustomer(tx, businessId, customerId, 50)).map((entry) => ({
        id: entry.id,
        kind: entry.kind,
        points: entry.points,
        amount: entry.amount,
        balanceAfter: entry.balanceAfter,
        orderId: entry.orderId,
        refundId: entry.refundId,
        createdAt: entry.createdAt.toISOString(),
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

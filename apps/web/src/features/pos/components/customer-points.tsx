import { loyaltySettingsOf, pointsValue, type Minor } from '@till/core';
import { StarIcon } from 'lucide-react';
import { useTillCustomerLoyalty, useTillLoyaltySettings } from '../api/loyalty';
import { money } from '../lib/format';
import { saleEarns } from '../lib/loyalty-payments';

/**
 * The attached customer's points on the till (decision 064, 066): balance, what it is worth, the
 * tier, and what this sale will earn. Its own chunk, loaded only while loyalty_program is on and
 * a customer is on the sale.
 */
export function CustomerPoints({ customerId, currency, total, giftCardsSold }: { customerId: string; currency: string; total: Minor; giftCardsSold: Minor }) {
  const settings = useTillLoyaltySettings();
  const customer = useTillCustomerLoyalty(customerId);
  if (!settings.data || !customer.data) {
    return customer.isError || settings.isError ? <p className="px-3 pb-1 text-xs text-muted-foreground">Points could not be loaded.</p> : null;
  }
  const rules = loyaltySettingsOf(settings.data.settings);
  const { points, tier, lifetime_spend: lifetimeSpend } = customer.data;
  const earns = saleEarns(rules, { total, giftCardsSold, paidWithPoints: 0, lifetimeSpend });
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-0.5 px-3 pb-1.5 text-xs" data-testid="till-customer-points" aria-label="Loyalty points">
      <span className="inline-flex items-center gap-1 font-medium">
        <StarIcon aria-hidden="true" className="size-3.5 fill-amber-400 text-amber-500" />
        <span className="tabular-nums">{points.toLocaleString()} points</span>
      </span>
      <span className="text-muted-foreground tabular-nums">worth {money(pointsValue(rules, points), currency)}</span>
      {tier ? <span className="rounded-sm bg-amber-100 px-1.5 py-px font-medium text-amber-900 dark:bg-amber-900/40 dark:text-amber-100">{tier.name}</span> : null}
      {total > 0 ? <span className="ml-auto text-muted-foreground tabular-nums">This sale earns {earns.toLocaleString()} {earns === 1 ? 'point' : 'points'}</span> : null}
    </div>
  );
}

/** After the sale: the points it earned and redeemed, and the customer's balance now. */
export function SaleLoyaltySummary({ customerId, orderId }: { customerId: string; orderId: string }) {
  const customer = useTillCustomerLoyalty(customerId);
  // The sale invalidated the customer's points: wait for the answer that includes it.
  if (!customer.data || customer.isFetching) return null;
  const entries = customer.data.history.filter((entry) => entry.order_id === orderId);
  const earned = entries.filter((entry) => entry.kind === 'earn').reduce((sum, entry) => sum + entry.points, 0);
  const redeemed = entries.filter((entry) => entry.kind === 'redeem').reduce((sum, entry) => sum + Math.abs(entry.points), 0);
  return (
    <p className="flex flex-wrap items-center justify-center gap-x-3 text-sm" data-testid="sale-points">
      <StarIcon aria-hidden="true" className="size-4 fill-amber-400 text-amber-500" />
      {redeemed > 0 ? <span>Redeemed {redeemed.toLocaleString()} points</span> : null}
      <span>Earned {earned.toLocaleString()} points</span>
      <span className="font-medium">Balance {customer.data.points.toLocaleString()} points</span>
    </p>
  );
}

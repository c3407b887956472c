import { formatMoney } from '@till/core';
import { ErrorAlert } from '@/components/error-alert';
import { Badge } from '@/components/ui/badge';
import { useCustomerLoyalty } from '../api/loyalty';

const KIND_LABELS: Record<string, string> = { earn: 'Earned', redeem: 'Paid with points', reverse_earn: 'Taken back (refund)', return_redeem: 'Given back (refund)' };

/** A customer's points, tier and points history (decision 064), shown on the customer page. */
export function CustomerLoyaltyPanel({ customerId, currency, timeZone }: { customerId: string; currency: string; timeZone: string }) {
  const query = useCustomerLoyalty(customerId);
  if (query.isPending) return <p role="status" className="text-muted-foreground">Loading points...</p>;
  if (query.isError) return <ErrorAlert title="The points could not be loaded" error={query.error} />;
  const loyalty = query.data;
  const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone });
  return (
    <section aria-labelledby="customer-loyalty" className="grid gap-2">
      <h3 id="customer-loyalty" className="flex items-center gap-2 font-semibold">
        Loyalty {loyalty.tier ? <Badge variant="secondary">{loyalty.tier.name}</Badge> : null}
      </h3>
      <dl className="grid grid-cols-2 gap-3 text-sm">
        <div>
          <dt className="text-muted-foreground">Points</dt>
          <dd className="text-lg font-semibold tabular-nums" data-testid="customer-points">{loyalty.points}</dd>
        </div>
        <div>
          <dt className="text-muted-foreground">Worth at the till</dt>
          <dd className="text-lg font-semibold tabular-nums">{formatMoney(loyalty.points_value, currency)}</dd>
        </div>
      </dl>
      {loyalty.next_tier ? (
        <p className="text-sm text-muted-foreground">
          {formatMoney(loyalty.next_tier.spend_needed, currency)} more to reach {loyalty.next_tier.name}
        </p>
      ) : null}
      {loyalty.history.length ? (
        <ul className="grid gap-1 text-sm">
          {loyalty.history.map((entry) => (
            <li key={entry.id} className="flex justify-between gap-2 border-b py-1 last:border-0">
              <span>
                {KIND_LABELS[entry.kind] ?? entry.kind} <span className="text-muted-foreground">· {when.format(new Date(entry.created_at))}</span>
              </span>
              <span className="tabular-nums">{entry.points > 0 ? `+${entry.points}` : entry.points}</span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">No points yet.</p>
      )}
    </section>
  );
}

import { ReceiptTextIcon } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import type { OrderDetail } from '../api/types';
import { describeEvent, formatDateTime, paidBackText, refundMoney } from '../utils/format';

export const refundReceiptPath = (orderId: string, refundId: string) =>
  `/orders/${encodeURIComponent(orderId)}/receipt?refundId=${encodeURIComponent(refundId)}`;

/** Each refund: when, why, what came back (restocked or not), how, and its receipt. */
export function OrderRefunds({ detail, timeZone }: { detail: OrderDetail; timeZone: string }) {
  if (detail.refunds.length === 0) return null;
  const currency = detail.order.currency;
  const lines = new Map(detail.lines.map((line) => [line.id, line]));
  // The refund's event says how the money went back and who gave it.
  const events = new Map(
    detail.events.filter((event) => event.type === 'refunded' && typeof event.details['refund_id'] === 'string').map((event) => [event.details['refund_id'] as string, event]),
  );
  return (
    <section aria-labelledby="order-refunds" className="grid gap-2">
      <h2 id="order-refunds" className="text-lg font-semibold">
        Refunds
      </h2>
      <ul className="grid gap-3">
        {detail.refunds.map((refund) => {
          const event = events.get(refund.id);
          const paidBack = detail.payments.filter((payment) => payment.refund_id === refund.id);
          return (
            <li key={refund.id} className="grid gap-2 rounded-lg border p-4 text-sm">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div>
                  <div className="font-medium tabular-nums">
                    {refundMoney(refund.total, currency)}
                    {paidBack.length ? ` to ${paidBackText(paidBack, currency)}` : ''}
                  </div>
                  <div className="text-muted-foreground">
                    {formatDateTime(refund.created_at, timeZone)}
                    {event?.actor_name ? ` · by ${event.actor_name}` : ''}
                  </div>
                </div>
                <Button asChild variant="outline">
                  <Link to={refundReceiptPath(detail.order.id, refund.id)}>
                    <ReceiptTextIcon aria-hidden="true" />
                    Refund receipt
                  </Link>
                </Button>
              </div>
              <p>
                <span className="text-muted-foreground">Reason:</span> {refund.reason}
              </p>
              <ul className="grid gap-1">
                {refund.lines.map((line) => (
                  <li key={line.order_line_id} className="flex items-baseline justify-between gap-4">
                    <span>
                      {line.quantity} × {lines.get(line.order_line_id)?.name ?? 'Item'}
                      <span className="text-muted-foreground">{line.restock ? ' · back in stock' : ' · not restocked'}</span>
                    </span>
                    <span className="whitespace-nowrap tabular-nums">{refundMoney(line.total, currency)}</span>
                  </li>
                ))}
              </ul>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** Who did what to the order, and when, oldest first. */
export function OrderHistory({ detail, timeZone }: { detail: OrderDetail; timeZone: string }) {
  const currency = detail.order.currency;
  return (
    <section aria-labelledby="order-history" className="grid content-start gap-2">
      <h2 id="order-history" className="text-lg font-semibold">
        History
      </h2>
      {detail.events.length === 0 ? (
        <p className="text-sm text-muted-foreground">Nothing has been recorded for this order.</p>
      ) : (
        <ol className="grid text-sm">
          {detail.events.map((event) => {
            const { action, note } = describeEvent(event, currency);
            return (
              <li key={event.id} className="group grid grid-cols-[0.75rem_minmax(0,1fr)] gap-x-3">
                {/* The dot, and the line down to the next entry. */}
                <div aria-hidden="true" className="flex flex-col items-center">
                  <span className="mt-1.5 size-2.5 shrink-0 rounded-full bg-foreground" />
                  <span className="w-px flex-1 bg-border group-last:hidden" />
                </div>
                <div className="pb-4 group-last:pb-0">
                  <div className="font-medium">{action}</div>
                  {note ? <div className="text-muted-foreground">“{note}”</div> : null}
                  <div className="text-muted-foreground">
                    {event.actor_name ?? 'Someone'} · <time dateTime={event.created_at}>{formatDateTime(event.created_at, timeZone)}</time>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </section>
  );
}

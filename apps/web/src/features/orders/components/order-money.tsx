import type { ReactNode } from 'react';
import { cn } from '@/lib/utils';
import type { OrderDetail } from '../api/types';
import { money, paymentMethodLabel, refundMoney } from '../utils/format';

function Row({ label, children, strong, muted }: { label: ReactNode; children: ReactNode; strong?: boolean; muted?: boolean }) {
  return (
    <div className={cn('flex items-baseline justify-between gap-4 py-1', strong && 'text-base font-semibold', muted && 'text-muted-foreground')}>
      <dt>{label}</dt>
      <dd className="text-right whitespace-nowrap tabular-nums">{children}</dd>
    </div>
  );
}

/** Subtotal, discounts, tax and total as the receipt adds them up, then what was refunded. */
export function OrderTotals({ detail }: { detail: OrderDetail }) {
  const { order, lines } = detail;
  const currency = order.currency;
  const itemsTotal = lines.reduce((sum, line) => sum + line.unit_price * line.quantity, 0);
  return (
    <section aria-labelledby="order-totals" className="grid gap-2">
      <h2 id="order-totals" className="text-lg font-semibold">
        Totals
      </h2>
      <dl className="rounded-lg border px-4 py-2 text-sm">
        <Row label="Subtotal">{money(itemsTotal, currency)}</Row>
        {order.discount_total > 0 ? <Row label="Discounts">−{money(order.discount_total, currency)}</Row> : null}
        {order.prices_include_tax ? null : <Row label="Tax">{money(order.tax_total, currency)}</Row>}
        <div className="my-1 border-t" />
        <Row label="Total" strong>
          {money(order.total, currency)}
        </Row>
        {order.prices_include_tax ? (
          <Row label="Of which tax" muted>
            {money(order.tax_total, currency)}
          </Row>
        ) : null}
        {order.refunded_total > 0 ? (
          <>
            <Row label="Refunded">{refundMoney(order.refunded_total, currency)}</Row>
            <Row label="Kept after refunds" strong>
              {money(order.total - order.refunded_total, currency)}
            </Row>
          </>
        ) : null}
      </dl>
    </section>
  );
}

/** Money in (method, amount, cash handed over and change) and money back (refunds, as negatives). */
export function OrderPayments({ detail }: { detail: OrderDetail }) {
  const currency = detail.order.currency;
  if (detail.payments.length === 0) {
    return (
      <section aria-labelledby="order-payments" className="grid gap-2">
        <h2 id="order-payments" className="text-lg font-semibold">
          Payments
        </h2>
        <p className="text-sm text-muted-foreground">Nothing has been paid{detail.order.status === 'parked' ? ' yet: the sale is parked' : ''}.</p>
      </section>
    );
  }
  return (
    <section aria-labelledby="order-payments" className="grid gap-2">
      <h2 id="order-payments" className="text-lg font-semibold">
        Payments
      </h2>
      <div className="overflow-x-auto rounded-lg border">
        <table className="w-full text-sm">
          <caption className="sr-only">Money taken and given back</caption>
          <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
            <tr>
              <th scope="col" className="px-3 py-2 font-medium">
                Method
              </th>
              <th scope="col" className="px-3 py-2 text-right font-medium">
                Amount
              </th>
            </tr>
          </thead>
          <tbody>
            {detail.payments.map((payment) => {
              const refund = payment.amount < 0;
              return (
                <tr key={payment.id} className="border-t align-top">
                  <td className="px-3 py-2">
                    {refund ? `${paymentMethodLabel(payment.method)} refund` : paymentMethodLabel(payment.method)}
                    {payment.tendered !== null ? (
                      <div className="text-xs text-muted-foreground tabular-nums">
                        Tendered {money(payment.tendered, currency)} · change {money(payment.change ?? 0, currency)}
                      </div>
                    ) : null}
                    {payment.reference ? <div className="text-xs text-muted-foreground">Ref. {payment.reference}</div> : null}
                  </td>
                  <td className="px-3 py-2 text-right whitespace-nowrap tabular-nums">
                    {refund ? refundMoney(payment.amount, currency) : money(payment.amount, currency)}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}

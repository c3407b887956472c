import { ArrowLeftIcon, BanIcon, PrinterIcon, Undo2Icon } from 'lucide-react';
import { useEffect, useState, type ReactNode } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { isApiError } from '@/lib/api-client';
import { useMe } from '@/lib/me';
import { useOrder } from '../api/get-order';
import type { OrderDetail } from '../api/types';
import { useOrderActions } from '../hooks/use-order-actions';
import { safeTimeZone } from '../utils/date-range';
import { formatDateTime, money, orderTitle, paymentMethodLabel } from '../utils/format';
import { remainingQuantity } from '../utils/refund-preview';
import { OrderHistory, OrderRefunds } from './order-history';
import { OrderLinesTable } from './order-lines-table';
import { OrderPayments, OrderTotals } from './order-money';
import { OrderStatusBadge } from './order-status-badge';
import { RefundDialog } from './refund-dialog';
import { VoidDialog } from './void-dialog';

const receiptPath = (orderId: string) => `/orders/${encodeURIComponent(orderId)}/receipt`;

const isTyping = (target: EventTarget | null) =>
  target instanceof HTMLElement && (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/** Back to the list the order was opened from, filters and all. */
function useBackToList(): string {
  const state: unknown = useLocation().state;
  const search = typeof state === 'object' && state !== null ? (state as { ordersSearch?: unknown }).ordersSearch : undefined;
  return typeof search === 'string' && search ? `/orders?${search}` : '/orders';
}

function Meta({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm">{children}</dd>
    </div>
  );
}

/** Who rang the sale up (or parked it): the history's first word on it. */
function soldBy(detail: OrderDetail): string | null {
  const event = detail.events.find((entry) => entry.type === 'paid') ?? detail.events.find((entry) => entry.type === 'parked');
  return event?.actor_name ?? null;
}

function OrderView({ detail, timeZone }: { detail: OrderDetail; timeZone: string }) {
  const { order } = detail;
  const navigate = useNavigate();
  const { canRefund, canVoid } = useOrderActions();
  const [dialog, setDialog] = useState<'refund' | 'void' | null>(null);

  const refundable = (order.status === 'paid' || order.status === 'partially_refunded') && detail.lines.some((line) => remainingQuantity(line) > 0);
  const showRefund = canRefund && refundable;
  const showVoid = canVoid && order.status === 'parked';
  const hasReceipt = order.status !== 'parked' && order.status !== 'voided';
  const seller = soldBy(detail);
  const itemCount = detail.lines.reduce((sum, line) => sum + line.quantity, 0);
  const methods = [...new Set(detail.payments.filter((payment) => payment.amount > 0).map((payment) => paymentMethodLabel(payment.method)))];
  const title = orderTitle(order);
  useDocumentTitle(title);

  // "p" prints the receipt, "r" starts a refund (when not typing in a field or a dialog).
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (dialog || event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      if ((event.key === 'p' || event.key === 'P') && hasReceipt) {
        event.preventDefault();
        void navigate(receiptPath(order.id));
      } else if ((event.key === 'r' || event.key === 'R') && showRefund) {
        event.preventDefault();
        setDialog('refund');
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [dialog, hasReceipt, showRefund, navigate, order.id]);

  return (
    <>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div className="grid gap-1">
          <div className="flex flex-wrap items-center gap-3">
            <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">{title}</h1>
            <OrderStatusBadge status={order.status} className="text-sm" />
          </div>
          <p className="text-muted-foreground tabular-nums">
            {itemCount} {itemCount === 1 ? 'item' : 'items'} · {money(order.total, order.currency)}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {hasReceipt ? (
            <Button asChild variant={showRefund ? 'outline' : 'default'}>
              <Link to={receiptPath(order.id)} aria-keyshortcuts="p">
                <PrinterIcon aria-hidden="true" />
                Print receipt
              </Link>
            </Button>
          ) : null}
          {showRefund ? (
            <Button onClick={() => setDialog('refund')} aria-keyshortcuts="r">
              <Undo2Icon aria-hidden="true" />
              Refund
            </Button>
          ) : null}
          {showVoid ? (
            <Button variant="destructive" onClick={() => setDialog('void')}>
              <BanIcon aria-hidden="true" />
              Void sale
            </Button>
          ) : null}
        </div>
      </div>

      <dl className="grid grid-cols-2 gap-4 rounded-lg border p-4 sm:grid-cols-4">
        <Meta label={order.status === 'parked' || order.status === 'voided' ? 'Parked' : 'Paid'}>
          {formatDateTime(order.paid_at ?? order.created_at, timeZone)}
        </Meta>
        <Meta label={order.status === 'parked' || order.status === 'voided' ? 'Parked by' : 'Sold by'}>{seller ?? '—'}</Meta>
        <Meta label="Customer">
          {detail.customer ? (
            <>
              <Link to={`/orders?customerId=${encodeURIComponent(detail.customer.id)}`} className="underline underline-offset-4" title="All orders of this customer">
                {detail.customer.name}
              </Link>
              {detail.customer.email ? <div className="text-xs break-all text-muted-foreground">{detail.customer.email}</div> : null}
            </>
          ) : (
            <span className="text-muted-foreground">Walk-in</span>
          )}
        </Meta>
        <Meta label="Payment">{methods.length ? methods.join(', ') : <span className="text-muted-foreground">Not paid</span>}</Meta>
        {order.note ? (
          <div className="col-span-2 sm:col-span-4">
            <Meta label="Note">{order.note}</Meta>
          </div>
        ) : null}
      </dl>

      <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,1fr)_18rem]">
        <div className="grid gap-6">
          <section aria-labelledby="order-items" className="grid gap-2">
            <h2 id="order-items" className="text-lg font-semibold">
              Items
            </h2>
            <OrderLinesTable lines={detail.lines} currency={order.currency} />
          </section>
          <div className="grid items-start gap-6 md:grid-cols-2">
            <OrderTotals detail={detail} />
            <OrderPayments detail={detail} />
          </div>
          <OrderRefunds detail={detail} timeZone={timeZone} />
        </div>
        <OrderHistory detail={detail} timeZone={timeZone} />
      </div>

      {showRefund || dialog === 'refund' ? (
        <RefundDialog detail={detail} open={dialog === 'refund'} onOpenChange={(open) => setDialog(open ? 'refund' : null)} />
      ) : null}
      {showVoid ? <VoidDialog detail={detail} open={dialog === 'void'} onOpenChange={(open) => setDialog(open ? 'void' : null)} /> : null}
    </>
  );
}

/** /orders/:orderId: the sale, its money, refunds and history, with Print receipt, Refund and Void. */
export function OrderDetailPage() {
  const { orderId = '' } = useParams();
  const backTo = useBackToList();
  const me = useMe();
  const order = useOrder(orderId);
  const timeZone = safeTimeZone(order.data?.business?.time_zone ?? me.data?.business?.time_zone);

  return (
    <div className="grid gap-6">
      <Button asChild variant="ghost" className="-ml-4 justify-self-start">
        <Link to={backTo}>
          <ArrowLeftIcon aria-hidden="true" />
          Orders
        </Link>
      </Button>
      {order.isPending ? (
        <p role="status" className="text-muted-foreground">
          Loading the order...
        </p>
      ) : order.isError ? (
        <div className="grid max-w-lg gap-4">
          <h1 className="sr-only">Order</h1>
          {isApiError(order.error) && (order.error.status === 404 || order.error.status === 400) ? (
            <ErrorAlert title="No such order" message="This order does not exist in your business, or the link is wrong. Find it in the orders list." />
          ) : (
            <>
              <ErrorAlert title="The order could not be loaded" error={order.error} />
              <Button variant="outline" onClick={() => void order.refetch()} disabled={order.isFetching} className="justify-self-start">
                {order.isFetching ? 'Retrying...' : 'Try again'}
              </Button>
            </>
          )}
        </div>
      ) : (
        <OrderView detail={order.data} timeZone={timeZone} />
      )}
    </div>
  );
}

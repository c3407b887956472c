import { MailIcon, MailXIcon, PencilIcon, PhoneIcon, ReceiptTextIcon } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Sheet, SheetContent, SheetDescription, SheetHeader, SheetTitle } from '@/components/ui/sheet';
import { useCustomer } from '../api/get-customer';
import type { Customer, CustomerOrder, CustomerTotals } from '../api/types';
import { CustomerTagsEditor } from './customer-tags-editor';
import { formatCustomerMoney, formatVisitDate, formatVisitDateTime, orderStatusLabel } from '../utils/format';

interface CustomerDetailSheetProps {
  customerId: string | null;
  onOpenChange: (open: boolean) => void;
  onEdit: (customer: Customer) => void;
  timeZone: string;
  /** More about the customer, composed in by the route (decision 064: loyalty points). */
  extra?: ReactNode;
}

function Stat({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="grid gap-0.5 rounded-lg border p-3">
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

function Totals({ totals, timeZone }: { totals: CustomerTotals; timeZone: string }) {
  return (
    <dl className="grid grid-cols-2 gap-2">
      <Stat label="Visits">{totals.order_count}</Stat>
      <Stat label="Total spent">{formatCustomerMoney(totals.total_spent, totals.currency)}</Stat>
      <Stat label="Average sale">{totals.order_count ? formatCustomerMoney(totals.average_order, totals.currency) : '—'}</Stat>
      <Stat label="Last visit">{formatVisitDate(totals.last_visit_at, timeZone)}</Stat>
    </dl>
  );
}

function History({ orders, timeZone }: { orders: CustomerOrder[]; timeZone: string }) {
  if (orders.length === 0) {
    return <p className="text-sm text-muted-foreground">No purchases yet. Attach this customer to a sale at the till and it shows here.</p>;
  }
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">Purchase history, newest first</caption>
      <thead className="text-left text-xs text-muted-foreground">
        <tr>
          <th scope="col" className="py-2 font-medium">
            Date
          </th>
          <th scope="col" className="py-2 font-medium">
            Sale
          </th>
          <th scope="col" className="py-2 text-right font-medium">
            Total
          </th>
          <th scope="col" className="w-11 py-2">
            <span className="sr-only">Receipt</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {orders.map((order) => (
          <tr key={order.id} className="border-t align-top">
            <td className="py-2 pr-2">{formatVisitDateTime(order.paid_at ?? order.created_at, timeZone)}</td>
            <td className="py-2 pr-2">
              <div>{order.number === null ? 'Sale' : `#${order.number}`}</div>
              <div className="text-xs text-muted-foreground">
                {order.item_count} {order.item_count === 1 ? 'item' : 'items'}
                {order.status === 'paid' ? '' : ` · ${orderStatusLabel(order.status)}`}
              </div>
            </td>
            <td className="py-2 text-right tabular-nums">
              <div className={order.status === 'voided' ? 'line-through' : undefined}>{formatCustomerMoney(order.total, order.currency)}</div>
              {order.refunded_total > 0 ? (
                <div className="text-xs text-muted-foreground">−{formatCustomerMoney(order.refunded_total, order.currency)} refunded</div>
              ) : null}
            </td>
            <td className="py-0.5 text-right">
              <Button asChild variant="ghost" size="icon">
                <Link to={`/orders/${order.id}/receipt`} aria-label={`Receipt of ${order.number === null ? 'this sale' : `sale #${order.number}`}`}>
                  <ReceiptTextIcon aria-hidden="true" />
                </Link>
              </Button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A customer's details, totals and purchase history, in a drawer over the list. */
export function CustomerDetailSheet({ customerId, onOpenChange, onEdit, timeZone, extra }: CustomerDetailSheetProps) {
  const query = useCustomer(customerId);
  const first = query.data?.pages[0];
  const customer = first?.customer;
  const orders = query.data?.pages.flatMap((page) => page.orders) ?? [];

  return (
    <Sheet open={Boolean(customerId)} onOpenChange={onOpenChange}>
      <SheetContent side="right" className="w-full overflow-y-auto sm:max-w-lg">
        <SheetHeader className="pr-14">
          <SheetTitle className="text-xl">{customer?.name ?? 'Customer'}</SheetTitle>
          <SheetDescription>{customer ? `Customer since ${formatVisitDate(customer.created_at, timeZone)}` : 'Loading...'}</SheetDescription>
        </SheetHeader>
        <div className="grid gap-6 px-4 pb-6">
          {query.isPending ? (
            <p role="status" className="text-muted-foreground">
              Loading customer...
            </p>
          ) : query.isError ? (
            <div className="grid gap-3">
              <ErrorAlert title="The customer could not be loaded" error={query.error} />
              <Button variant="outline" onClick={() => void query.refetch()} className="justify-self-start">
                Try again
              </Button>
            </div>
          ) : customer && first?.totals ? (
            <>
              <div className="grid gap-2 text-sm">
                {customer.email ? (
                  <a href={`mailto:${customer.email}`} className="inline-flex min-h-11 items-center gap-2 break-all underline-offset-4 hover:underline">
                    <MailIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    {customer.email}
                  </a>
                ) : null}
                {customer.marketing_unsubscribed_at ? (
                  <p className="inline-flex items-center gap-2 text-muted-foreground">
                    <MailXIcon aria-hidden="true" className="size-4 shrink-0" />
                    Unsubscribed from marketing e-mails on {formatVisitDate(customer.marketing_unsubscribed_at, timeZone)}
                  </p>
                ) : null}
                {customer.phone ? (
                  <a href={`tel:${customer.phone.replace(/[^\d+]/g, '')}`} className="inline-flex min-h-11 items-center gap-2 underline-offset-4 hover:underline">
                    <PhoneIcon aria-hidden="true" className="size-4 shrink-0 text-muted-foreground" />
                    {customer.phone}
                  </a>
                ) : null}
                {customer.notes ? <p className="rounded-md bg-muted p-3 whitespace-pre-wrap">{customer.notes}</p> : null}
                <Button variant="outline" onClick={() => onEdit(customer)} className="justify-self-start">
                  <PencilIcon aria-hidden="true" />
                  Edit details
                </Button>
              </div>
              <CustomerTagsEditor key={customer.id} customer={customer} />
              {extra}
              <section aria-labelledby="customer-totals" className="grid gap-2">
                <h3 id="customer-totals" className="font-semibold">
                  Totals
                </h3>
                <Totals totals={first.totals} timeZone={timeZone} />
              </section>
              <section aria-labelledby="customer-history" className="grid gap-2">
                <h3 id="customer-history" className="font-semibold">
                  Purchase history
                </h3>
                <History orders={orders} timeZone={timeZone} />
                {query.hasNextPage ? (
                  <Button variant="outline" onClick={() => void query.fetchNextPage()} disabled={query.isFetchingNextPage} className="justify-self-start">
                    {query.isFetchingNextPage ? 'Loading...' : 'Show older purchases'}
                  </Button>
                ) : null}
              </section>
            </>
          ) : null}
        </div>
      </SheetContent>
    </Sheet>
  );
}

import { Link, useNavigate } from 'react-router';
import type { OrderListItem } from '../api/types';
import { formatDateTime, money, orderTitle, paymentMethodLabel, refundMoney } from '../utils/format';
import { OrderStatusBadge } from './order-status-badge';

interface OrdersTableProps {
  orders: OrderListItem[];
  timeZone: string;
  /** The list's query string, so the order page can lead back to the same filtered list. */
  listSearch: string;
}

export const orderPath = (id: string) => `/orders/${encodeURIComponent(id)}`;

/** Orders newest first; the sale number opens the order (and so does a click anywhere on its row). */
export function OrdersTable({ orders, timeZone, listSearch }: OrdersTableProps) {
  const navigate = useNavigate();
  const linkState = { ordersSearch: listSearch };
  return (
    <div className="overflow-x-auto rounded-lg border">
      <table className="w-full text-sm">
        <caption className="sr-only">Orders, newest first</caption>
        <thead className="bg-muted/50 text-left text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              Sale
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Date
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium md:table-cell">
              Customer
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium xl:table-cell">
              Sold by
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium lg:table-cell">
              Items
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium lg:table-cell">
              Payment
            </th>
            <th scope="col" className="hidden px-3 py-2 font-medium sm:table-cell">
              Status
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              Total
            </th>
            <th scope="col" className="hidden px-3 py-2 text-right font-medium md:table-cell">
              Refunded
            </th>
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => {
            const title = orderTitle(order);
            const methods = order.methods.map(paymentMethodLabel).join(', ');
            return (
              <tr
                key={order.id}
                className="cursor-pointer border-t align-top hover:bg-muted/40"
                onClick={(event) => {
                  // The link itself, or a selection of text, is not a click on the row.
                  if ((event.target as HTMLElement).closest('a') || window.getSelection()?.toString()) return;
                  void navigate(orderPath(order.id), { state: linkState });
                }}
              >
                <td className="px-3 py-1">
                  <Link
                    to={orderPath(order.id)}
                    state={linkState}
                    className="inline-flex min-h-11 items-center rounded-sm font-medium underline-offset-4 outline-none hover:underline focus-visible:ring-[3px] focus-visible:ring-ring/50"
                  >
                    {order.number === null ? title : `#${order.number}`}
                  </Link>
                  {/* Narrow screens hide the other columns: keep when and who under the number. */}
                  <span className="block pb-1 text-xs text-muted-foreground sm:hidden">{formatDateTime(order.created_at, timeZone)}</span>
                  {order.customer_name ? <span className="block pb-1 text-xs text-muted-foreground md:hidden">{order.customer_name}</span> : null}
                </td>
                <td className="hidden px-3 py-3 whitespace-nowrap tabular-nums sm:table-cell">{formatDateTime(order.created_at, timeZone)}</td>
                <td className="hidden px-3 py-3 md:table-cell">{order.customer_name ?? <span className="text-muted-foreground">—</span>}</td>
                <td className="hidden px-3 py-3 xl:table-cell">{order.employee_name ?? <span className="text-muted-foreground">Owner</span>}</td>
                <td className="hidden px-3 py-3 text-right tabular-nums lg:table-cell">{order.item_count}</td>
                <td className="hidden px-3 py-3 lg:table-cell">{methods || <span className="text-muted-foreground">—</span>}</td>
                <td className="hidden px-3 py-3 sm:table-cell">
                  <OrderStatusBadge status={order.status} />
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                  <span className={order.status === 'voided' ? 'text-muted-foreground line-through' : undefined}>{money(order.total, order.currency)}</span>
                  <span className="mt-1 block sm:hidden">
                    <OrderStatusBadge status={order.status} />
                  </span>
                  {order.refunded_total > 0 ? (
                    <span className="block text-xs text-muted-foreground md:hidden">{refundMoney(order.refunded_total, order.currency)} refunded</span>
                  ) : null}
                </td>
                <td className="hidden px-3 py-3 text-right whitespace-nowrap tabular-nums md:table-cell">
                  {order.refunded_total > 0 ? refundMoney(order.refunded_total, order.currency) : <span className="text-muted-foreground">—</span>}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}

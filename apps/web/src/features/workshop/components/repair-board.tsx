import { REPAIR_ORDER_STATUSES, REPAIR_ORDER_STATUS_LABELS } from '@till/core';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { formatMoney } from '@/lib/money';
import { cn } from '@/lib/utils';
import { useBoard } from '../api/workshop';

/** Repair orders by status, one column each (scrolls sideways on a phone). */
export function RepairBoard() {
  const board = useBoard();
  if (board.isError) return <ErrorAlert error={board.error} />;
  if (!board.data) return <p className="text-muted-foreground">Loading repair orders…</p>;
  const { repair_orders: orders, currency } = board.data;
  if (orders.length === 0) return <p className="text-muted-foreground">No repair orders yet. Open one from a vehicle on the Vehicles tab.</p>;
  return (
    <div className="max-w-full min-w-0 overflow-x-auto pb-2" role="region" aria-label="Repair order board" tabIndex={0}>
      <div className="grid auto-cols-[16rem] grid-flow-col gap-3">
        {REPAIR_ORDER_STATUSES.map((status) => {
          const column = orders.filter((order) => order.status === status);
          return (
            // On a phone only the columns holding orders show; the rest scroll sideways.
            <section
              key={status}
              aria-label={REPAIR_ORDER_STATUS_LABELS[status]}
              className={cn('content-start gap-2 rounded-lg border bg-muted/40 p-2', column.length === 0 ? 'hidden sm:grid' : 'grid')}
            >
              <h2 className="flex items-center justify-between px-1 text-sm font-semibold">
                {REPAIR_ORDER_STATUS_LABELS[status]}
                <span className="text-muted-foreground">{column.length}</span>
              </h2>
              {column.length === 0 ? <p className="px-1 text-sm text-muted-foreground">None</p> : null}
              {column.map((order) => (
                <Link
                  key={order.id}
                  to={`?ro=${order.id}`}
                  className="grid gap-1 rounded-md border bg-background p-3 text-sm shadow-xs hover:border-primary focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
                >
                  <span className="font-medium">
                    #{order.number} · {order.vehicle_label}
                  </span>
                  <span className="text-muted-foreground">
                    {order.customer_name}
                    {order.plate ? ` · ${order.plate}` : ''}
                  </span>
                  <span className="flex flex-wrap justify-between gap-x-2">
                    <span>
                      {order.jobs} job{order.jobs === 1 ? '' : 's'}
                    </span>
                    <span className="font-medium tabular-nums">{formatMoney(order.total, currency)}</span>
                  </span>
                  {order.clocked_in.length ? <span className="text-emerald-700 dark:text-emerald-400">On the clock: {order.clocked_in.join(', ')}</span> : null}
                  {order.clocked_hours !== '0' ? <span className="text-muted-foreground">{order.clocked_hours} h worked</span> : null}
                  {order.approved_jobs || order.declined_jobs ? (
                    <span className="text-muted-foreground">
                      {order.approved_jobs} approved, {order.declined_jobs} declined
                    </span>
                  ) : null}
                </Link>
              ))}
            </section>
          );
        })}
      </div>
    </div>
  );
}

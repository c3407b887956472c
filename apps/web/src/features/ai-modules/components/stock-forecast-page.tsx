import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/error-alert';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDraftForecastOrders, useStockForecast, type DraftedOrders, type StockForecast, type StockRow } from '../api/ai-modules';
import { formatDay, units } from '../utils/format';
import { ComputedNote, DataTable, ModuleState, NeedsHistory } from './shared';

/**
 * /ai/stock-forecast and /inventory-forecast (SPEC §2; the same screen): per tracked product,
 * expected daily demand, the day it runs out and what to reorder given the supplier's lead time;
 * a selection becomes draft purchase orders, one per supplier.
 */
export function StockForecastPage({ title = 'Stock Forecasting' }: { title?: string }) {
  const forecast = useStockForecast();
  return (
    <div className="grid gap-6">
      <PageHeader title={title} description="When each product runs out at its current pace, and how much to reorder so it doesn’t." />
      <ModuleState query={forecast} label="The stock forecast" />
      {forecast.data ? <Forecast data={forecast.data} /> : null}
    </div>
  );
}

const orderable = (row: StockRow) => row.reorder_quantity > 0 && row.supplier_id !== null;

function StatusBadge({ row }: { row: StockRow }) {
  if (row.status === 'no_sales') return <Badge variant="outline">No sales yet</Badge>;
  if (row.stockout_before_delivery) return <Badge variant="destructive">Runs out before delivery</Badge>;
  if (row.reorder_now) return <Badge variant="warning">Reorder now</Badge>;
  if (row.status === 'short_history') return <Badge variant="secondary">Under 28 days of sales</Badge>;
  return <Badge variant="success">Enough stock</Badge>;
}

function Forecast({ data }: { data: StockForecast }) {
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const [drafted, setDrafted] = useState<DraftedOrders | null>(null);
  const draft = useDraftForecastOrders();
  // Until the owner changes it, the selection is everything the forecast says to reorder that has a supplier.
  const defaultSelection = useMemo(() => new Set(data.products.filter((row) => row.reorder_now && orderable(row)).map((row) => row.product_id)), [data.products]);
  const chosen = selected ?? defaultSelection;
  const toggle = (id: string, on: boolean) => {
    const next = new Set(chosen);
    if (on) next.add(id);
    else next.delete(id);
    setSelected(next);
  };
  const submit = () =>
    draft.mutate([...chosen], {
      onSuccess: (result) => {
        setDrafted(result);
        setSelected(new Set());
        toast.success(`${result.purchase_orders.length} draft purchase ${result.purchase_orders.length === 1 ? 'order' : 'orders'} created`);
      },
    });

  if (data.summary.tracked_products === 0) {
    return (
      <NeedsHistory title="No products with tracked stock">
        <p>
          The forecast works on products whose stock is counted. Switch on “Track stock” for a product in{' '}
          <Link to="/products" className="underline underline-offset-4">
            Products
          </Link>
          ; after 28 days of its sales the forecast is here.
        </p>
      </NeedsHistory>
    );
  }
  return (
    <div className="grid gap-6">
      <section aria-label="Stock summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Tracked products" value={String(data.summary.tracked_products)} hint={`${data.summary.with_history} with 28 days of sales or more`} />
        <StatCard label="Reorder now" value={String(data.summary.reorder_now)} hint="At or below the reorder point" />
        <StatCard label="Run out before delivery" value={String(data.summary.running_out_before_delivery)} hint="Even if ordered today" />
        <StatCard label="Service level" value={`${Math.round(data.service_level * 100)} %`} hint={`Review every ${data.review_days} days`} />
      </section>
      {data.summary.with_history === 0 ? (
        <NeedsHistory title="Not enough sales history yet">
          <p>Each product needs 28 days of sales from its first sale for a full forecast. Products with less are planned from what there is and marked “Under 28 days of sales”.</p>
        </NeedsHistory>
      ) : null}
      {drafted ? (
        <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          <p className="font-medium">Draft purchase orders created:</p>
          <ul className="mt-1 list-disc pl-5">
            {drafted.purchase_orders.map((order) => (
              <li key={order.id}>
                {order.label} to {order.supplier_name}, {order.line_count} {order.line_count === 1 ? 'product' : 'products'}
              </li>
            ))}
          </ul>
          <Link to="/purchase-orders" className="mt-2 inline-block font-medium underline underline-offset-4">
            Review and send them in Purchase orders
          </Link>
        </div>
      ) : null}
      {draft.isError ? <ErrorAlert title="The purchase orders were not created" error={draft.error} /> : null}

      <Card className="min-w-0">
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
          <div className="grid gap-1.5">
            <CardTitle>Products</CardTitle>
            <CardDescription>
              Most urgent first. Reorder quantities cover the supplier’s lead time plus {data.review_days} days, with safety stock, in whole packs. Products without a supplier
              assume {data.default_lead_time_days} days.
            </CardDescription>
          </div>
          <Button onClick={submit} disabled={chosen.size === 0 || draft.isPending}>
            {draft.isPending ? 'Creating…' : `Create draft purchase orders (${chosen.size})`}
          </Button>
        </CardHeader>
        <CardContent>
          <DataTable
            caption="Stock forecast by product"
            columns={[
              {
                header: 'Select',
                cell: (row) =>
                  orderable(row) ? (
                    <input
                      type="checkbox"
                      className="size-4 accent-primary"
                      aria-label={`Order ${row.name}`}
                      checked={chosen.has(row.product_id)}
                      onChange={(event) => toggle(row.product_id, event.target.checked)}
                    />
                  ) : (
                    <span className="text-xs text-muted-foreground">{row.supplier_id ? 'Nothing to order' : 'No supplier'}</span>
                  ),
              },
              {
                header: 'Product',
                className: 'min-w-40 whitespace-normal',
                cell: (row) => (
                  <div className="grid gap-1">
                    <span className="font-medium">{row.name}</span>
                    <StatusBadge row={row} />
                  </div>
                ),
              },
              { header: 'Daily demand', numeric: true, cell: (row) => units(row.expected_daily_demand) },
              { header: 'On hand', numeric: true, cell: (row) => (row.on_order > 0 ? `${row.on_hand} (+${row.on_order} ordered)` : row.on_hand) },
              { header: 'Runs out', cell: (row) => (row.stockout_date ? formatDay(row.stockout_date, true) : row.status === 'no_sales' ? '—' : 'Not within a year') },
              {
                header: 'Reorder',
                numeric: true,
                cell: (row) => (
                  <div className="grid gap-0.5">
                    <span>{row.reorder_quantity > 0 ? `${row.reorder_quantity}${row.pack_size > 1 ? ` (${row.reorder_quantity / row.pack_size} × ${row.pack_size})` : ''}` : '—'}</span>
                    <span className="text-xs text-muted-foreground">at {row.reorder_point} or fewer</span>
                  </div>
                ),
              },
              {
                header: 'Supplier',
                cell: (row) => (
                  <div className="grid gap-0.5">
                    {row.supplier_name ?? (
                      <Link to="/suppliers" className="underline underline-offset-4">
                        Link a supplier
                      </Link>
                    )}
                    <span className="text-xs text-muted-foreground">
                      {row.lead_time_days} {row.lead_time_days === 1 ? 'day' : 'days'} lead time{row.lead_time_assumed ? ' (assumed)' : ''}
                    </span>
                  </div>
                ),
              },
            ]}
            rows={data.products}
            rowKey={(row) => row.product_id}
            empty="No tracked products."
          />
        </CardContent>
      </Card>
      <ComputedNote computedAt={data.computed_at}>
        Demand per product: smoothing for steady sellers, Croston’s method for occasional ones, from up to a year of daily sales.
      </ComputedNote>
    </div>
  );
}

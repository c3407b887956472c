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

const orderable = (row: StockRow) => row.reorderQuantity > 0 && row.supplierId !== null;

function StatusBadge({ row }: { row: StockRow }) {
  if (row.status === 'no_sales') return <Badge variant="outline">No sales yet</Badge>;
  if (row.stockoutBeforeDelivery) return <Badge variant="destructive">Runs out before delivery</Badge>;
  if (row.reorderNow) return <Badge variant="warning">Reorder now</Badge>;
  if (row.status === 'short_history') return <Badge variant="secondary">Under 28 days of sales</Badge>;
  return <Badge variant="success">Enough stock</Badge>;
}

function Forecast({ data }: { data: StockForecast }) {
  const [selected, setSelected] = useState<Set<string> | null>(null);
  const [drafted, setDrafted] = useState<DraftedOrders | null>(null);
  const draft = useDraftForecastOrders();
  // Until the owner changes it, the selection is everything the forecast says to reorder that has a supplier.
  const defaultSelection = useMemo(() => new Set(data.products.filter((row) => row.reorderNow && orderable(row)).map((row) => row.productId)), [data.products]);
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
        toast.success(`${result.purchaseOrders.length} draft purchase ${result.purchaseOrders.length === 1 ? 'order' : 'orders'} created`);
      },
    });

  if (data.summary.trackedProducts === 0) {
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
        <StatCard label="Tracked products" value={String(data.summary.trackedProducts)} hint={`${data.summary.withHistory} with 28 days of sales or more`} />
        <StatCard label="Reorder now" value={String(data.summary.reorderNow)} hint="At or below the reorder point" />
        <StatCard label="Run out before delivery" value={String(data.summary.runningOutBeforeDelivery)} hint="Even if ordered today" />
        <StatCard label="Service level" value={`${Math.round(data.serviceLevel * 100)} %`} hint={`Review every ${data.reviewDays} days`} />
      </section>
      {data.summary.withHistory === 0 ? (
        <NeedsHistory title="Not enough sales history yet">
          <p>Each product needs 28 days of sales from its first sale for a full forecast. Products with less are planned from what there is and marked “Under 28 days of sales”.</p>
        </NeedsHistory>
      ) : null}
      {drafted ? (
        <div role="status" className="rounded-lg border border-green-200 bg-green-50 p-4 text-sm text-green-900">
          <p className="font-medium">Draft purchase orders created:</p>
          <ul className="mt-1 list-disc pl-5">
            {drafted.purchaseOrders.map((order) => (
              <li key={order.id}>
                {order.label} to {order.supplierName}, {order.lineCount} {order.lineCount === 1 ? 'product' : 'products'}
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
              Most urgent first. Reorder quantities cover the supplier’s lead time plus {data.reviewDays} days, with safety stock, in whole packs. Products without a supplier
              assume {data.defaultLeadTimeDays} days.
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
                      checked={chosen.has(row.productId)}
                      onChange={(event) => toggle(row.productId, event.target.checked)}
                    />
                  ) : (
                    <span className="text-xs text-muted-foreground">{row.supplierId ? 'Nothing to order' : 'No supplier'}</span>
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
              { header: 'Daily demand', numeric: true, cell: (row) => units(row.expectedDailyDemand) },
              { header: 'On hand', numeric: true, cell: (row) => (row.onOrder > 0 ? `${row.onHand} (+${row.onOrder} ordered)` : row.onHand) },
              { header: 'Runs out', cell: (row) => (row.stockoutDate ? formatDay(row.stockoutDate, true) : row.status === 'no_sales' ? '—' : 'Not within a year') },
              {
                header: 'Reorder',
                numeric: true,
                cell: (row) => (
                  <div className="grid gap-0.5">
                    <span>{row.reorderQuantity > 0 ? `${row.reorderQuantity}${row.packSize > 1 ? ` (${row.reorderQuantity / row.packSize} × ${row.packSize})` : ''}` : '—'}</span>
                    <span className="text-xs text-muted-foreground">at {row.reorderPoint} or fewer</span>
                  </div>
                ),
              },
              {
                header: 'Supplier',
                cell: (row) => (
                  <div className="grid gap-0.5">
                    {row.supplierName ?? (
                      <Link to="/suppliers" className="underline underline-offset-4">
                        Link a supplier
                      </Link>
                    )}
                    <span className="text-xs text-muted-foreground">
                      {row.leadTimeDays} {row.leadTimeDays === 1 ? 'day' : 'days'} lead time{row.leadTimeAssumed ? ' (assumed)' : ''}
                    </span>
                  </div>
                ),
              },
            ]}
            rows={data.products}
            rowKey={(row) => row.productId}
            empty="No tracked products."
          />
        </CardContent>
      </Card>
      <ComputedNote computedAt={data.computedAt}>
        Demand per product: smoothing for steady sellers, Croston’s method for occasional ones, from up to a year of daily sales.
      </ComputedNote>
    </div>
  );
}

import { changeRatio, formatMoney, orderStatusLabel } from '@till/core';
import { Link } from 'react-router';
import { ErrorAlert } from '@/components/error-alert';
import { BarsChart } from '@/components/lazy-charts';
import { StatCard } from '@/components/stat-card';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useDashboard, type Dashboard } from '../api/get-dashboard';

function weekdayName(day: string) {
  return new Intl.DateTimeFormat(undefined, { weekday: 'long', timeZone: 'UTC' }).format(new Date(`${day}T12:00:00Z`));
}

function timeOf(iso: string, timeZone: string) {
  try {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short', timeZone }).format(new Date(iso));
  } catch {
    return new Intl.DateTimeFormat(undefined, { dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
  }
}

function SalesToday({ data, sales }: { data: Dashboard; sales: NonNullable<Dashboard['sales']> }) {
  const money = (amount: number) => formatMoney(amount, data.currency);
  const lastWeekText = `vs ${weekdayName(data.compared_with)} last week, same time`;
  const { today, last_week: lastWeek } = sales;
  const firstHour = sales.by_hour.findIndex((slot) => slot.transactions > 0);
  const lastHour = sales.by_hour.findLastIndex((slot) => slot.transactions > 0);
  const shown = sales.by_hour.slice(firstHour < 0 ? 8 : Math.min(firstHour, 8), lastHour < 0 ? 20 : Math.max(lastHour + 1, 20));
  return (
    <>
      <section aria-label="Today so far" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Net sales" value={money(today.net_sales)} change={changeRatio(today.net_sales, lastWeek.net_sales)} comparisonText={`${lastWeekText}: ${money(lastWeek.net_sales)}`} />
        <StatCard label="Transactions" value={String(today.transactions)} change={changeRatio(today.transactions, lastWeek.transactions)} comparisonText={`${lastWeekText}: ${lastWeek.transactions}`} />
        <StatCard label="Average sale" value={money(today.average_sale)} change={changeRatio(today.average_sale, lastWeek.average_sale)} comparisonText={`${lastWeekText}: ${money(lastWeek.average_sale)}`} />
        <StatCard label="Items sold" value={String(today.items_sold)} change={changeRatio(today.items_sold, lastWeek.items_sold)} comparisonText={`${lastWeekText}: ${lastWeek.items_sold}`} />
      </section>
      <div className="grid gap-6 lg:grid-cols-[2fr_1fr]">
        <Card>
          <CardHeader>
            <CardTitle>Sales by hour today</CardTitle>
            <CardDescription>Net sales before tax, by the hour they were paid ({data.time_zone}).</CardDescription>
          </CardHeader>
          <CardContent>
            <BarsChart
              data={shown.map((slot) => ({ label: `${String(slot.hour).padStart(2, '0')}:00`, value: slot.net_sales }))}
              valueName="Net sales"
              format={money}
              formatAxis={(value) => formatMoney(Math.round(value), data.currency).replace(/[.,]00$/, '')}
              height={220}
            />
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Top products today</CardTitle>
          </CardHeader>
          <CardContent>
            {sales.top_products.length === 0 ? (
              <p className="text-sm text-muted-foreground">No sales yet today.</p>
            ) : (
              <Table aria-label="Top products today">
                <TableHeader>
                  <TableRow>
                    <TableHead>Product</TableHead>
                    <TableHead className="text-right">Sold</TableHead>
                    <TableHead className="text-right">Net sales</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {sales.top_products.map((product) => (
                    <TableRow key={product.product_id ?? product.name}>
                      <TableCell className="font-medium">{product.name}</TableCell>
                      <TableCell className="text-right tabular-nums">{product.units}</TableCell>
                      <TableCell className="text-right tabular-nums">{money(product.net_sales)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
      </div>
    </>
  );
}

/** The dashboard's live part: today's takings, low stock and the latest sales, as far as the actor may see them. */
export function TodayPanel() {
  const query = useDashboard();
  if (query.isPending) return <div role="status" aria-label="Loading today's figures" className="h-28 animate-pulse rounded-xl bg-muted" />;
  if (query.isError) return <ErrorAlert title="Today's figures could not be loaded" error={query.error} />;
  const data = query.data;
  const money = (amount: number) => formatMoney(amount, data.currency);
  return (
    <div className="grid gap-6">
      {data.sales ? <SalesToday data={data} sales={data.sales} /> : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle>Recent sales</CardTitle>
          </CardHeader>
          <CardContent>
            {data.recent_orders.length === 0 ? (
              <p className="text-sm text-muted-foreground">No sales yet.</p>
            ) : (
              <Table aria-label="Recent sales">
                <TableHeader>
                  <TableRow>
                    <TableHead>Order</TableHead>
                    <TableHead>Paid</TableHead>
                    <TableHead className="text-right">Total</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.recent_orders.map((order) => (
                    <TableRow key={order.id}>
                      <TableCell>
                        <Link to={`/orders/${order.id}`} className="font-medium underline-offset-4 hover:underline">
                          {order.number === null ? 'Sale' : `#${order.number}`}
                        </Link>
                        <span className="block text-xs text-muted-foreground">
                          {order.customer_name ?? 'Walk-in'} · {order.item_count} {order.item_count === 1 ? 'item' : 'items'}
                        </span>
                      </TableCell>
                      <TableCell className="text-sm whitespace-nowrap">
                        {timeOf(order.paid_at, data.time_zone)}
                        {order.status !== 'paid' ? (
                          <Badge variant="outline" className="ml-2">
                            {orderStatusLabel(order.status)}
                          </Badge>
                        ) : null}
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{money(order.total)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </CardContent>
        </Card>
        {data.open_cash_sessions && data.open_cash_sessions.length > 0 ? (
          <Card>
            <CardHeader>
              <CardTitle>Open drawers</CardTitle>
              <CardDescription>Cash drawer sessions not closed with a Z report yet.</CardDescription>
            </CardHeader>
            <CardContent>
              <Table aria-label="Open drawers">
                <TableHeader>
                  <TableRow>
                    <TableHead>Till</TableHead>
                    <TableHead>Opened</TableHead>
                    <TableHead className="text-right">Float</TableHead>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {data.open_cash_sessions.map((session) => (
                    <TableRow key={session.id}>
                      <TableCell className="font-medium">{session.register_name}</TableCell>
                      <TableCell className="text-sm">
                        {timeOf(session.opened_at, data.time_zone)}
                        <span className="block text-xs text-muted-foreground">by {session.opened_by_name}</span>
                      </TableCell>
                      <TableCell className="text-right tabular-nums">{money(session.opening_float)}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </CardContent>
          </Card>
        ) : null}
        {data.low_stock ? (
          <Card>
            <CardHeader>
              <CardTitle>Low stock</CardTitle>
              <CardDescription>Tracked products at or under their low-stock level.</CardDescription>
            </CardHeader>
            <CardContent>
              {data.low_stock.length === 0 ? (
                <p className="text-sm text-muted-foreground">Nothing is running low.</p>
              ) : (
                <Table aria-label="Low stock">
                  <TableHeader>
                    <TableRow>
                      <TableHead>Product</TableHead>
                      <TableHead className="text-right">In stock</TableHead>
                      <TableHead className="text-right">Low at</TableHead>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {data.low_stock.map((product) => (
                      <TableRow key={product.product_id}>
                        <TableCell className="font-medium">{product.name}</TableCell>
                        <TableCell className={product.on_hand <= 0 ? 'text-right font-medium text-destructive tabular-nums' : 'text-right tabular-nums'}>
                          {product.on_hand}
                        </TableCell>
                        <TableCell className="text-right text-muted-foreground tabular-nums">{product.threshold}</TableCell>
                      </TableRow>
                    ))}
                  </TableBody>
                </Table>
              )}
            </CardContent>
          </Card>
        ) : null}
      </div>
    </div>
  );
}

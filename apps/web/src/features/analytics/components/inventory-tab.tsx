import { BarsChart } from '@/components/lazy-charts';
import { StatCard } from '@/components/stat-card';
import { Badge } from '@/components/ui/badge';
import type { InventoryReport } from '../api/types';
import { formatDay, formatPercent, formatters, percentCsv } from '../utils/format';
import { ReportSection, type Column } from './report-section';

const NO_CATEGORY = 'No category';
type ProductRow = InventoryReport['products'][number];

/** Inventory: stock value at cost and retail, sell-through, days of cover and dead stock. */
export function InventoryTab({ report }: { report: InventoryReport }) {
  const { money, moneyAxis, moneyCsv } = formatters(report.currency);
  const { summary } = report;
  const c = report.currency;
  const file = (name: string) => `inventory-${name}-${report.range.from}-to-${report.range.to}.csv`;
  const productColumns: Column<ProductRow>[] = [
    { header: 'Product', cell: (row) => (
        <span className="flex flex-wrap items-center gap-2">
          {row.name}
          {row.dead_stock ? <Badge variant="outline">Dead stock</Badge> : null}
        </span>
      ), csv: (row) => row.name },
    { header: 'In stock', numeric: true, cell: (row) => row.on_hand, csv: (row) => row.on_hand },
    { header: 'Value at cost', csvHeader: `Value at cost (${c})`, numeric: true, cell: (row) => (row.value_at_cost === null ? 'No cost' : money(row.value_at_cost)), csv: (row) => moneyCsv(row.value_at_cost) },
    { header: 'Value at retail', csvHeader: `Value at retail (${c})`, numeric: true, cell: (row) => money(row.value_at_retail), csv: (row) => moneyCsv(row.value_at_retail) },
    { header: 'Sold', numeric: true, cell: (row) => row.units_sold, csv: (row) => row.units_sold },
    { header: 'Sell-through', csvHeader: 'Sell-through (%)', numeric: true, cell: (row) => formatPercent(row.sell_through), csv: (row) => percentCsv(row.sell_through) },
    { header: 'Days of cover', numeric: true, cell: (row) => (row.days_of_cover === null ? '—' : Math.round(row.days_of_cover)), csv: (row) => row.days_of_cover },
    { header: 'Last sold', cell: (row) => (row.last_sold ? formatDay(row.last_sold, true) : 'Never'), csv: (row) => row.last_sold },
  ];
  const dead = report.products.filter((row) => row.dead_stock);
  return (
    <div className="grid gap-6">
      <section aria-label="Inventory summary" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <StatCard label="Stock value at cost" value={money(summary.value_at_cost)} hint={summary.products_without_cost ? `${summary.products_without_cost} products have no cost` : undefined} />
        <StatCard label="Stock value at retail" value={money(summary.value_at_retail)} />
        <StatCard label="Units in stock" value={String(summary.units_on_hand)} hint={`${summary.tracked_products} tracked products`} />
        <StatCard label="Sell-through" value={formatPercent(summary.sell_through)} hint={`${summary.units_sold} units sold in the period`} />
        <StatCard label="Dead stock" value={String(summary.dead_stock_products)} hint={`No sale in ${report.dead_stock_days} days; ${money(summary.dead_stock_value_at_cost)} at cost`} />
      </section>
      <p className="text-sm text-muted-foreground">
        Stock and its value are as they are now; sales, sell-through and days of cover are for the period. Only products whose stock is tracked are counted.
      </p>

      <ReportSection
        title="Stock value by category"
        chart={
          <BarsChart
            horizontal
            data={report.categories.slice(0, 8).map((row) => ({ label: row.category ?? NO_CATEGORY, value: row.value_at_retail }))}
            valueName="Value at retail"
            format={money}
            formatAxis={moneyAxis}
          />
        }
        columns={[
          { header: 'Category', cell: (row) => row.category ?? NO_CATEGORY, csv: (row) => row.category ?? NO_CATEGORY },
          { header: 'Products', numeric: true, cell: (row) => row.products, csv: (row) => row.products },
          { header: 'In stock', numeric: true, cell: (row) => row.units_on_hand, csv: (row) => row.units_on_hand },
          { header: 'Value at cost', csvHeader: `Value at cost (${c})`, numeric: true, cell: (row) => money(row.value_at_cost), csv: (row) => moneyCsv(row.value_at_cost) },
          { header: 'Value at retail', csvHeader: `Value at retail (${c})`, numeric: true, cell: (row) => money(row.value_at_retail), csv: (row) => moneyCsv(row.value_at_retail) },
          { header: 'Sold', numeric: true, cell: (row) => row.units_sold, csv: (row) => row.units_sold },
        ]}
        rows={report.categories}
        rowKey={(row) => row.category ?? ''}
        fileName={file('by-category')}
        empty="No product tracks its stock yet."
      />

      <ReportSection
        title="Stock by product"
        columns={productColumns}
        rows={report.products}
        rowKey={(row) => row.product_id}
        fileName={file('by-product')}
        empty="No product tracks its stock yet."
      />

      <ReportSection
        title="Dead stock"
        description={`Products in stock with no sale in the ${report.dead_stock_days} days up to ${formatDay(report.range.to, true)}.`}
        columns={productColumns}
        rows={dead}
        rowKey={(row) => row.product_id}
        fileName={file('dead-stock')}
        empty="No dead stock: everything in stock sold recently."
      />
    </div>
  );
}

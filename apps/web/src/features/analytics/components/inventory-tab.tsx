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
          {row.deadStock ? <Badge variant="outline">Dead stock</Badge> : null}
        </span>
      ), csv: (row) => row.name },
    { header: 'In stock', numeric: true, cell: (row) => row.onHand, csv: (row) => row.onHand },
    { header: 'Value at cost', csvHeader: `Value at cost (${c})`, numeric: true, cell: (row) => (row.valueAtCost === null ? 'No cost' : money(row.valueAtCost)), csv: (row) => moneyCsv(row.valueAtCost) },
    { header: 'Value at retail', csvHeader: `Value at retail (${c})`, numeric: true, cell: (row) => money(row.valueAtRetail), csv: (row) => moneyCsv(row.valueAtRetail) },
    { header: 'Sold', numeric: true, cell: (row) => row.unitsSold, csv: (row) => row.unitsSold },
    { header: 'Sell-through', csvHeader: 'Sell-through (%)', numeric: true, cell: (row) => formatPercent(row.sellThrough), csv: (row) => percentCsv(row.sellThrough) },
    { header: 'Days of cover', numeric: true, cell: (row) => (row.daysOfCover === null ? '—' : Math.round(row.daysOfCover)), csv: (row) => row.daysOfCover },
    { header: 'Last sold', cell: (row) => (row.lastSold ? formatDay(row.lastSold, true) : 'Never'), csv: (row) => row.lastSold },
  ];
  const dead = report.products.filter((row) => row.deadStock);
  return (
    <div className="grid gap-6">
      <section aria-label="Inventory summary" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-5">
        <StatCard label="Stock value at cost" value={money(summary.valueAtCost)} hint={summary.productsWithoutCost ? `${summary.productsWithoutCost} products have no cost` : undefined} />
        <StatCard label="Stock value at retail" value={money(summary.valueAtRetail)} />
        <StatCard label="Units in stock" value={String(summary.unitsOnHand)} hint={`${summary.trackedProducts} tracked products`} />
        <StatCard label="Sell-through" value={formatPercent(summary.sellThrough)} hint={`${summary.unitsSold} units sold in the period`} />
        <StatCard label="Dead stock" value={String(summary.deadStockProducts)} hint={`No sale in ${report.deadStockDays} days; ${money(summary.deadStockValueAtCost)} at cost`} />
      </section>
      <p className="text-sm text-muted-foreground">
        Stock and its value are as they are now; sales, sell-through and days of cover are for the period. Only products whose stock is tracked are counted.
      </p>

      <ReportSection
        title="Stock value by category"
        chart={
          <BarsChart
            horizontal
            data={report.categories.slice(0, 8).map((row) => ({ label: row.category ?? NO_CATEGORY, value: row.valueAtRetail }))}
            valueName="Value at retail"
            format={money}
            formatAxis={moneyAxis}
          />
        }
        columns={[
          { header: 'Category', cell: (row) => row.category ?? NO_CATEGORY, csv: (row) => row.category ?? NO_CATEGORY },
          { header: 'Products', numeric: true, cell: (row) => row.products, csv: (row) => row.products },
          { header: 'In stock', numeric: true, cell: (row) => row.unitsOnHand, csv: (row) => row.unitsOnHand },
          { header: 'Value at cost', csvHeader: `Value at cost (${c})`, numeric: true, cell: (row) => money(row.valueAtCost), csv: (row) => moneyCsv(row.valueAtCost) },
          { header: 'Value at retail', csvHeader: `Value at retail (${c})`, numeric: true, cell: (row) => money(row.valueAtRetail), csv: (row) => moneyCsv(row.valueAtRetail) },
          { header: 'Sold', numeric: true, cell: (row) => row.unitsSold, csv: (row) => row.unitsSold },
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
        rowKey={(row) => row.productId}
        fileName={file('by-product')}
        empty="No product tracks its stock yet."
      />

      <ReportSection
        title="Dead stock"
        description={`Products in stock with no sale in the ${report.deadStockDays} days up to ${formatDay(report.range.to, true)}.`}
        columns={productColumns}
        rows={dead}
        rowKey={(row) => row.productId}
        fileName={file('dead-stock')}
        empty="No dead stock: everything in stock sold recently."
      />
    </div>
  );
}

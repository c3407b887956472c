import { changeRatio } from '@till/core';
import { BarsChart, TrendChart } from '@/components/lazy-charts';
import { StatCard } from '@/components/stat-card';
import type { MarginFigures, ProfitabilityReport } from '../api/types';
import { formatDay, formatPercent, formatters, percentCsv } from '../utils/format';
import { ReportSection, type Column } from './report-section';

const NO_CATEGORY = 'No category';

/** Profitability: gross margin by product and category from the cost at the time of sale, and the trend. */
export function ProfitabilityTab({ report }: { report: ProfitabilityReport }) {
  const { money, moneyAxis, moneyCsv } = formatters(report.currency);
  const { summary, comparison_summary: before } = report;
  const c = report.currency;
  const file = (name: string) => `profitability-${name}-${report.range.from}-to-${report.range.to}.csv`;
  const marginColumns = <Row extends MarginFigures>(): Column<Row>[] => [
    { header: 'Net sales', csvHeader: `Net sales (${c})`, numeric: true, cell: (row) => money(row.net_sales), csv: (row) => moneyCsv(row.net_sales) },
    { header: 'Cost', csvHeader: `Cost (${c})`, numeric: true, cell: (row) => money(row.cost), csv: (row) => moneyCsv(row.cost) },
    { header: 'Gross profit', csvHeader: `Gross profit (${c})`, numeric: true, cell: (row) => money(row.gross_profit), csv: (row) => moneyCsv(row.gross_profit) },
    { header: 'Margin', csvHeader: 'Margin (%)', numeric: true, cell: (row) => formatPercent(row.margin), csv: (row) => percentCsv(row.margin) },
    { header: 'Without cost', csvHeader: `Sales without a cost (${c})`, numeric: true, cell: (row) => money(row.uncosted_sales), csv: (row) => moneyCsv(row.uncosted_sales) },
  ];
  return (
    <div className="grid gap-6">
      <section aria-label="Profitability summary" className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <StatCard label="Gross profit" value={money(summary.gross_profit)} change={before && changeRatio(summary.gross_profit, before.gross_profit)} comparisonText={before ? `vs comparison: ${money(before.gross_profit)}` : undefined} />
        <StatCard label="Gross margin" value={formatPercent(summary.margin)} comparisonText={before ? `vs comparison: ${formatPercent(before.margin)}` : undefined} />
        <StatCard label="Cost of goods sold" value={money(summary.cost)} />
        <StatCard label="Net sales" value={money(summary.net_sales)} hint={summary.uncosted_sales ? `${money(summary.uncosted_sales)} sold without a cost, left out of the margin` : undefined} />
      </section>
      <p className="text-sm text-muted-foreground">Costs are the product costs at the time of each sale; refunds take their cost back on the day they were given.</p>

      <ReportSection
        title="Margin trend"
        chart={
          <TrendChart
            data={report.days.map((day) => ({ label: formatDay(day.day), value: day.gross_profit }))}
            valueName="Gross profit"
            format={money}
            formatAxis={moneyAxis}
          />
        }
        columns={[
          { header: 'Day', cell: (row) => formatDay(row.day, true), csv: (row) => row.day },
          { header: 'Costed sales', csvHeader: `Costed sales (${c})`, numeric: true, cell: (row) => money(row.costed_sales), csv: (row) => moneyCsv(row.costed_sales) },
          { header: 'Cost', csvHeader: `Cost (${c})`, numeric: true, cell: (row) => money(row.cost), csv: (row) => moneyCsv(row.cost) },
          { header: 'Gross profit', csvHeader: `Gross profit (${c})`, numeric: true, cell: (row) => money(row.gross_profit), csv: (row) => moneyCsv(row.gross_profit) },
          { header: 'Margin', csvHeader: 'Margin (%)', numeric: true, cell: (row) => formatPercent(row.margin), csv: (row) => percentCsv(row.margin) },
        ]}
        rows={report.days}
        rowKey={(row) => row.day}
        fileName={file('by-day')}
      />

      <ReportSection
        title="Margin by category"
        chart={
          <BarsChart
            horizontal
            data={report.categories.slice(0, 8).map((row) => ({ label: row.category ?? NO_CATEGORY, value: row.gross_profit }))}
            valueName="Gross profit"
            format={money}
            formatAxis={moneyAxis}
          />
        }
        columns={[{ header: 'Category', cell: (row) => row.category ?? NO_CATEGORY, csv: (row) => row.category ?? NO_CATEGORY }, ...marginColumns<ProfitabilityReport['categories'][number]>()]}
        rows={report.categories}
        rowKey={(row) => row.category ?? ''}
        fileName={file('by-category')}
      />

      <ReportSection
        title="Margin by product"
        chart={
          <BarsChart
            horizontal
            data={report.products.slice(0, 8).map((row) => ({ label: row.name, value: row.gross_profit }))}
            valueName="Gross profit"
            format={money}
            formatAxis={moneyAxis}
          />
        }
        columns={[
          { header: 'Product', cell: (row) => row.name, csv: (row) => row.name },
          { header: 'Units', numeric: true, cell: (row) => row.units, csv: (row) => row.units },
          ...marginColumns<ProfitabilityReport['products'][number]>(),
        ]}
        rows={report.products}
        rowKey={(row, index) => row.product_id ?? `${row.name}-${index}`}
        fileName={file('by-product')}
      />
    </div>
  );
}

import { changeRatio } from '@till/core';
import { BarsChart, TrendChart } from '@/components/lazy-charts';
import { StatCard } from '@/components/stat-card';
import type { SalesReport } from '../api/types';
import { formatDay, formatters, hourLabel, paymentMethodLabel, weekdayName } from '../utils/format';
import { ReportSection } from './report-section';

const NO_CATEGORY = 'No category';

/** Sales: by day, hour and weekday; by category, product, employee and payment method; discounts and refunds. */
export function SalesTab({ report }: { report: SalesReport }) {
  const { money, moneyAxis, moneyCsv } = formatters(report.currency);
  const { summary, comparison_summary: before } = report;
  const vs = before ? 'vs comparison' : undefined;
  const file = (name: string) => `sales-${name}-${report.range.from}-to-${report.range.to}.csv`;
  const c = report.currency;
  return (
    <div className="grid gap-6">
      <section aria-label="Sales summary" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <StatCard label="Net sales" value={money(summary.net_sales)} change={before && changeRatio(summary.net_sales, before.net_sales)} comparisonText={before ? `${vs}: ${money(before.net_sales)}` : undefined} />
        <StatCard label="Transactions" value={String(summary.transactions)} change={before && changeRatio(summary.transactions, before.transactions)} comparisonText={before ? `${vs}: ${before.transactions}` : undefined} />
        <StatCard label="Average sale" value={money(summary.average_sale)} change={before && changeRatio(summary.average_sale, before.average_sale)} comparisonText={before ? `${vs}: ${money(before.average_sale)}` : undefined} />
        <StatCard label="Items sold" value={String(summary.items_sold)} change={before && changeRatio(summary.items_sold, before.items_sold)} comparisonText={before ? `${vs}: ${before.items_sold}` : undefined} />
        <StatCard label="Discounts" value={money(summary.discounts)} comparisonText={before ? `${vs}: ${money(before.discounts)}` : undefined} />
        <StatCard label="Refunds" value={money(summary.refunds)} hint={`${summary.refund_count} ${summary.refund_count === 1 ? 'refund' : 'refunds'}, on the day given`} />
      </section>
      <p className="text-sm text-muted-foreground">
        Net sales are after discounts and refunds, before tax; days run from midnight to midnight in {report.time_zone}.
      </p>

      <ReportSection
        title="Sales by day"
        chart={
          <TrendChart
            data={report.days.map((day) => ({ label: formatDay(day.day), value: day.net_sales, comparison: day.comparison_net_sales }))}
            valueName="Net sales"
            comparisonName={report.comparison_range ? 'Comparison period' : undefined}
            format={money}
            formatAxis={moneyAxis}
          />
        }
        columns={[
          { header: 'Day', cell: (row) => formatDay(row.day, true), csv: (row) => row.day },
          { header: 'Transactions', numeric: true, cell: (row) => row.transactions, csv: (row) => row.transactions },
          { header: 'Items', numeric: true, cell: (row) => row.items_sold, csv: (row) => row.items_sold },
          { header: 'Discounts', csvHeader: `Discounts (${c})`, numeric: true, cell: (row) => money(row.discounts), csv: (row) => moneyCsv(row.discounts) },
          { header: 'Refunds', csvHeader: `Refunds (${c})`, numeric: true, cell: (row) => money(row.refunds), csv: (row) => moneyCsv(row.refunds) },
          { header: 'Net sales', csvHeader: `Net sales (${c})`, numeric: true, cell: (row) => money(row.net_sales), csv: (row) => moneyCsv(row.net_sales) },
          ...(report.comparison_range
            ? [
                {
                  header: 'Compared with',
                  csvHeader: `Comparison net sales (${c})`,
                  numeric: true,
                  cell: (row: SalesReport['days'][number]) => (row.comparison_net_sales === null ? '—' : money(row.comparison_net_sales)),
                  csv: (row: SalesReport['days'][number]) => moneyCsv(row.comparison_net_sales),
                },
              ]
            : []),
        ]}
        rows={report.days}
        rowKey={(row) => row.day}
        fileName={file('by-day')}
      />

      <div className="grid gap-6 2xl:grid-cols-2">
        <ReportSection
          title="Sales by hour"
          description="Before refunds, by the hour the sale was paid."
          chart={<BarsChart data={report.hours.map((row) => ({ label: hourLabel(row.hour), value: row.net_sales }))} valueName="Net sales" format={money} formatAxis={moneyAxis} />}
          columns={[
            { header: 'Hour', cell: (row) => hourLabel(row.hour), csv: (row) => hourLabel(row.hour) },
            { header: 'Transactions', numeric: true, cell: (row) => row.transactions, csv: (row) => row.transactions },
            { header: 'Net sales', csvHeader: `Net sales (${c})`, numeric: true, cell: (row) => money(row.net_sales), csv: (row) => moneyCsv(row.net_sales) },
          ]}
          rows={report.hours.filter((row) => row.transactions > 0)}
          rowKey={(row) => String(row.hour)}
          fileName={file('by-hour')}
        />
        <ReportSection
          title="Sales by weekday"
          description="Before refunds."
          chart={<BarsChart data={report.weekdays.map((row) => ({ label: weekdayName(row.weekday).slice(0, 3), value: row.net_sales }))} valueName="Net sales" format={money} formatAxis={moneyAxis} />}
          columns={[
            { header: 'Weekday', cell: (row) => weekdayName(row.weekday), csv: (row) => weekdayName(row.weekday) },
            { header: 'Transactions', numeric: true, cell: (row) => row.transactions, csv: (row) => row.transactions },
            { header: 'Net sales', csvHeader: `Net sales (${c})`, numeric: true, cell: (row) => money(row.net_sales), csv: (row) => moneyCsv(row.net_sales) },
          ]}
          rows={report.summary.transactions > 0 ? report.weekdays : []}
          rowKey={(row) => String(row.weekday)}
          fileName={file('by-weekday')}
        />
      </div>

      <ReportSection
        title="Sales by category"
        chart={
          <BarsChart
            horizontal
            data={report.categories.slice(0, 8).map((row) => ({ label: row.category ?? NO_CATEGORY, value: row.net_sales }))}
            valueName="Net sales"
            format={money}
            formatAxis={moneyAxis}
          />
        }
        columns={[
          { header: 'Category', cell: (row) => row.category ?? NO_CATEGORY, csv: (row) => row.category ?? NO_CATEGORY },
          { header: 'Units', numeric: true, cell: (row) => row.units, csv: (row) => row.units },
          { header: 'Net sales', csvHeader: `Net sales (${c})`, numeric: true, cell: (row) => money(row.net_sales), csv: (row) => moneyCsv(row.net_sales) },
        ]}
        rows={report.categories}
        rowKey={(row) => row.category ?? ''}
        fileName={file('by-category')}
      />

      <ReportSection
        title="Sales by product"
        description="Refunds are taken off on the day they were given."
        chart={
          <BarsChart
            horizontal
            data={report.products.slice(0, 8).map((row) => ({ label: row.name, value: row.net_sales }))}
            valueName="Net sales"
            format={money}
            formatAxis={moneyAxis}
          />
        }
        columns={[
          { header: 'Product', cell: (row) => row.name, csv: (row) => row.name },
          { header: 'Category', cell: (row) => row.category ?? '—', csv: (row) => row.category },
          { header: 'Units', numeric: true, cell: (row) => row.units, csv: (row) => row.units },
          { header: 'Net sales', csvHeader: `Net sales (${c})`, numeric: true, cell: (row) => money(row.net_sales), csv: (row) => moneyCsv(row.net_sales) },
        ]}
        rows={report.products}
        rowKey={(row, index) => row.product_id ?? `${row.name}-${index}`}
        fileName={file('by-product')}
      />

      <div className="grid gap-6 2xl:grid-cols-2">
        <ReportSection
          title="Sales by employee"
          description="Who rang the sales up, and the refunds each gave."
          columns={[
            { header: 'Employee', cell: (row) => row.name ?? 'Owner’s account', csv: (row) => row.name ?? 'Owner’s account' },
            { header: 'Transactions', numeric: true, cell: (row) => row.transactions, csv: (row) => row.transactions },
            { header: 'Sales', csvHeader: `Sales (${c})`, numeric: true, cell: (row) => money(row.sales), csv: (row) => moneyCsv(row.sales) },
            { header: 'Refunds', csvHeader: `Refunds (${c})`, numeric: true, cell: (row) => money(row.refunds), csv: (row) => moneyCsv(row.refunds) },
          ]}
          rows={report.employees}
          rowKey={(row) => row.employee_id ?? 'account'}
          fileName={file('by-employee')}
        />
        <ReportSection
          title="Payment methods"
          description="Money taken and given back, tax included."
          chart={<BarsChart data={report.payment_methods.map((row) => ({ label: paymentMethodLabel(row.method), value: row.taken }))} valueName="Taken" format={money} formatAxis={moneyAxis} height={200} />}
          columns={[
            { header: 'Method', cell: (row) => paymentMethodLabel(row.method), csv: (row) => paymentMethodLabel(row.method) },
            { header: 'Payments', numeric: true, cell: (row) => row.payments, csv: (row) => row.payments },
            { header: 'Taken', csvHeader: `Taken (${c})`, numeric: true, cell: (row) => money(row.taken), csv: (row) => moneyCsv(row.taken) },
            { header: 'Refunded', csvHeader: `Refunded (${c})`, numeric: true, cell: (row) => money(row.refunded), csv: (row) => moneyCsv(row.refunded) },
          ]}
          rows={report.payment_methods}
          rowKey={(row) => row.method}
          fileName={file('by-payment-method')}
        />
      </div>
    </div>
  );
}

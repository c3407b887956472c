import { changeRatio } from '@till/core';
import { BarsChart, TrendChart } from '@/components/lazy-charts';
import { StatCard } from '@/components/stat-card';
import { Badge } from '@/components/ui/badge';
import type { CustomersReport } from '../api/types';
import { formatDay, formatPercent, formatters, percentCsv } from '../utils/format';
import { ReportSection } from './report-section';

/** Customers: new against returning, top customers, visit frequency and RFM segments. */
export function CustomersTab({ report }: { report: CustomersReport }) {
  const { money, moneyAxis, moneyCsv } = formatters(report.currency);
  const { summary, comparison_summary: before } = report;
  const c = report.currency;
  const file = (name: string) => `customers-${name}-${report.range.from}-to-${report.range.to}.csv`;
  const count = (value: number) => String(value);
  return (
    <div className="grid gap-6">
      <section aria-label="Customers summary" className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        <StatCard label="Customers" value={count(summary.customers)} change={before && changeRatio(summary.customers, before.customers)} comparisonText={before ? `vs comparison: ${before.customers}` : undefined} />
        <StatCard label="New" value={count(summary.new_customers)} change={before && changeRatio(summary.new_customers, before.new_customers)} comparisonText={before ? `vs comparison: ${before.new_customers}` : undefined} />
        <StatCard label="Returning" value={count(summary.returning_customers)} change={before && changeRatio(summary.returning_customers, before.returning_customers)} comparisonText={before ? `vs comparison: ${before.returning_customers}` : undefined} />
        <StatCard label="Average spend" value={money(summary.average_spend)} hint="Per customer, after refunds, before tax" />
        <StatCard label="Visits per customer" value={summary.average_visits.toFixed(2)} />
        <StatCard label="Sales without a customer" value={count(summary.anonymous_transactions)} hint={`${summary.customer_transactions} ${summary.customer_transactions === 1 ? 'sale' : 'sales'} named a customer`} />
      </section>

      <ReportSection
        title="New and returning customers by day"
        description="New: the customer’s first purchase ever. Returning: any later visit."
        chart={
          <TrendChart
            data={report.days.map((day) => ({ label: formatDay(day.day), value: day.new_customers, comparison: day.returning_customers }))}
            valueName="New"
            comparisonName="Returning"
            format={count} whole
          />
        }
        columns={[
          { header: 'Day', cell: (row) => formatDay(row.day, true), csv: (row) => row.day },
          { header: 'New', numeric: true, cell: (row) => row.new_customers, csv: (row) => row.new_customers },
          { header: 'Returning', numeric: true, cell: (row) => row.returning_customers, csv: (row) => row.returning_customers },
        ]}
        rows={summary.customers > 0 ? report.days : []}
        rowKey={(row) => row.day}
        fileName={file('new-and-returning')}
        empty="No sale named a customer in this period."
      />

      <ReportSection
        title="Top customers"
        chart={
          <BarsChart
            horizontal
            data={report.top_customers.slice(0, 8).map((row) => ({ label: row.name, value: row.net_sales }))}
            valueName="Net sales"
            format={money}
            formatAxis={moneyAxis}
          />
        }
        columns={[
          {
            header: 'Customer',
            cell: (row) => (
              <span className="flex flex-wrap items-center gap-2">
                {row.name}
                {row.is_new ? <Badge variant="outline">New</Badge> : null}
              </span>
            ),
            csv: (row) => row.name,
          },
          { header: 'Visits', numeric: true, cell: (row) => row.visits, csv: (row) => row.visits },
          { header: 'Net sales', csvHeader: `Net sales (${c})`, numeric: true, cell: (row) => money(row.net_sales), csv: (row) => moneyCsv(row.net_sales) },
          { header: 'First visit', cell: (row) => formatDay(row.first_visit, true), csv: (row) => row.first_visit },
          { header: 'Last visit', cell: (row) => formatDay(row.last_visit, true), csv: (row) => row.last_visit },
        ]}
        rows={report.top_customers}
        rowKey={(row) => row.customer_id}
        fileName={file('top-customers')}
        empty="No sale named a customer in this period."
      />

      <div className="grid gap-6 2xl:grid-cols-2">
        <ReportSection
          title="Visit frequency"
          description="Customers by their number of visits in the period."
          chart={<BarsChart data={report.visit_frequency.map((row) => ({ label: row.label, value: row.customers }))} valueName="Customers" format={count} whole height={220} />}
          columns={[
            { header: 'Visits', cell: (row) => row.label, csv: (row) => row.label },
            { header: 'Customers', numeric: true, cell: (row) => row.customers, csv: (row) => row.customers },
          ]}
          rows={summary.customers > 0 ? report.visit_frequency : []}
          rowKey={(row) => row.label}
          fileName={file('visit-frequency')}
          empty="No sale named a customer in this period."
        />
        <ReportSection
          title="RFM segments"
          description="Recency, frequency and money spent over the two years up to the period’s end."
          chart={
            <BarsChart
              horizontal
              data={report.segments.filter((row) => row.customers > 0).map((row) => ({ label: row.label, value: row.customers }))}
              valueName="Customers"
              format={count} whole
              height={240}
            />
          }
          columns={[
            { header: 'Segment', cell: (row) => row.label, csv: (row) => row.label },
            { header: 'Customers', numeric: true, cell: (row) => row.customers, csv: (row) => row.customers },
            { header: 'Revenue', csvHeader: `Revenue (${c})`, numeric: true, cell: (row) => money(row.revenue), csv: (row) => moneyCsv(row.revenue) },
            { header: 'Share of customers', csvHeader: 'Share of customers (%)', numeric: true, cell: (row) => formatPercent(row.share), csv: (row) => percentCsv(row.share) },
          ]}
          rows={report.segments.filter((row) => row.customers > 0)}
          rowKey={(row) => row.segment}
          fileName={file('rfm-segments')}
          empty="No customer has bought yet."
        />
      </div>
    </div>
  );
}

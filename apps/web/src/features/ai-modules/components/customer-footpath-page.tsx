import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useCustomerFootpath, type CustomerFootpath } from '../api/ai-modules';
import { formatDay, formatMonth, moneyFormatters, percent } from '../utils/format';
import { CountBars } from './lazy-charts';
import { ComputedNote, DataTable, ModuleState, NeedsHistory } from './shared';

/** /ai/customer-footpath: from first visit to repeat. */
export function CustomerFootpathPage() {
  const footpath = useCustomerFootpath();
  return (
    <div className="grid gap-6">
      <PageHeader title="Customer Footpath" description="How customers move from a first visit to coming back, and who is slipping away." />
      <ModuleState query={footpath} label="The customer footpath" />
      {footpath.data ? <Footpath data={footpath.data} /> : null}
    </div>
  );
}

const MONTHS_SHOWN = 7;

function Footpath({ data }: { data: CustomerFootpath }) {
  const { money } = moneyFormatters(data.currency);
  const { summary } = data;
  const days = (value: number | null) => (value === null ? '—' : `${Math.round(value)} ${Math.round(value) === 1 ? 'day' : 'days'}`);
  return (
    <div className="grid gap-6">
      {data.status === 'insufficient_history' ? (
        <NeedsHistory title="Not enough customers yet">
          <p>
            The footpath needs sales to at least {data.required_customers} named customers; there {summary.customers === 1 ? 'is 1' : `are ${summary.customers}`} so far. Choose the
            customer at the till when you ring up a sale (or add them in{' '}
            <Link to="/customers" className="underline underline-offset-4">
              Customers
            </Link>
            ); sales without a customer are not counted here.
          </p>
        </NeedsHistory>
      ) : null}
      <section aria-label="Customers summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Customers" value={String(summary.customers)} hint={`${summary.visits} visits, ${money(summary.revenue)}`} />
        <StatCard label="Came back" value={percent(summary.repeat_rate, 0)} hint={`${summary.repeat_customers} customers with a second visit`} />
        <StatCard label="To the second visit" value={days(summary.median_days_to_second_visit)} hint="Median" />
        <StatCard label="At risk" value={String(data.at_risk.length)} hint="Overdue for their next visit" />
      </section>

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Retention by month of first purchase</CardTitle>
          <CardDescription>Of the customers whose first visit was in a month, the share who came back in each month after (month 0 is the first month).</CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            caption="Cohort retention"
            columns={[
              { header: 'First visit', cell: (row) => formatMonth(row.cohort) },
              { header: 'Customers', numeric: true, cell: (row) => row.customers },
              ...Array.from({ length: MONTHS_SHOWN - 1 }, (_, index) => ({
                header: `Month ${index + 1}`,
                numeric: true,
                cell: (row: CustomerFootpath['cohorts'][number]) =>
                  row.rates[index + 1] === undefined ? '' : <span title={`${row.retained[index + 1]} customers`}>{percent(row.rates[index + 1]!, 0)}</span>,
              })),
            ]}
            rows={data.cohorts}
            rowKey={(row) => row.cohort}
            empty="No customer has bought yet."
          />
        </CardContent>
      </Card>

      <div className="grid gap-6 xl:grid-cols-2">
        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>Time between visits</CardTitle>
            <CardDescription>
              {data.visit_gaps.count === 0
                ? 'Shown once customers come back.'
                : `Median ${days(data.visit_gaps.median)} (half of the gaps between ${days(data.visit_gaps.p25)} and ${days(data.visit_gaps.p75)}), over ${data.visit_gaps.count} return visits.`}
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            {data.visit_gaps.count > 0 ? <CountBars data={data.visit_gaps.buckets.map((bucket) => ({ label: bucket.label, value: bucket.count }))} valueName="Return visits" /> : null}
            <DataTable
              caption="Gaps between visits"
              columns={[
                { header: 'Gap', cell: (row) => row.label },
                { header: 'Return visits', numeric: true, cell: (row) => row.count },
              ]}
              rows={data.visit_gaps.count > 0 ? data.visit_gaps.buckets : []}
              rowKey={(row) => row.label}
              empty="No customer has come back yet."
            />
          </CardContent>
        </Card>

        <Card className="min-w-0">
          <CardHeader>
            <CardTitle>RFM segments</CardTitle>
            <CardDescription>Customers grouped by how recently and how often they buy (recency, frequency, money), with what they spent.</CardDescription>
          </CardHeader>
          <CardContent>
            <DataTable
              caption="RFM segments"
              columns={[
                { header: 'Segment', cell: (row) => row.label },
                { header: 'Customers', numeric: true, cell: (row) => row.customers },
                { header: 'Revenue', numeric: true, cell: (row) => money(row.revenue) },
                { header: 'Share', numeric: true, cell: (row) => percent(row.share, 0) },
              ]}
              rows={data.segments.filter((row) => row.customers > 0)}
              rowKey={(row) => row.segment}
              empty="No customers yet."
            />
          </CardContent>
        </Card>
      </div>

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Customers at risk</CardTitle>
          <CardDescription>Regulars whose time since their last visit is more than 1.5 times their usual gap, most valuable first: worth a call or an offer.</CardDescription>
        </CardHeader>
        <CardContent>
          <DataTable
            caption="Customers at risk"
            columns={[
              { header: 'Customer', className: 'min-w-32 whitespace-normal', cell: (row) => <span className="font-medium">{row.name}</span> },
              { header: 'Last visit', cell: (row) => formatDay(row.last_visit, true) },
              { header: 'Days away', numeric: true, cell: (row) => row.days_since_last_visit },
              { header: 'Usual gap', numeric: true, cell: (row) => days(row.expected_interval_days) },
              { header: 'Visits', numeric: true, cell: (row) => row.visits },
              { header: 'Spent', numeric: true, cell: (row) => money(row.monetary) },
            ]}
            rows={data.at_risk}
            rowKey={(row) => row.customer_id}
            empty="No regular is overdue."
          />
        </CardContent>
      </Card>
      <ComputedNote computedAt={data.computed_at}>A visit is a day with a purchase; spend is after refunds, before tax.</ComputedNote>
    </div>
  );
}

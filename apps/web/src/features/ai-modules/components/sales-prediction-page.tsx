import { PageHeader } from '@/components/page-header';
import { StatCard } from '@/components/stat-card';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSalesPrediction, type SalesPrediction } from '../api/ai-modules';
import { formatDay, moneyFormatters, percent } from '../utils/format';
import { ForecastChart } from './lazy-charts';
import { ComputedNote, DataTable, ModuleState, NeedsHistory } from './shared';

const WEEKDAYS = ['Mondays', 'Tuesdays', 'Wednesdays', 'Thursdays', 'Fridays', 'Saturdays', 'Sundays'];

/** /ai/sales-prediction: the next 28 days with 80 % and 95 % intervals, beside the model's backtest. */
export function SalesPredictionPage() {
  const prediction = useSalesPrediction();
  return (
    <div className="grid gap-6">
      <PageHeader title="Sales Prediction" description="Expected net sales for each of the next 28 days, and how accurate the same model has been on your past weeks." />
      <ModuleState query={prediction} label="The sales prediction" />
      {prediction.data ? <Prediction data={prediction.data} /> : null}
    </div>
  );
}

function Prediction({ data }: { data: SalesPrediction }) {
  const { money, moneyAxis } = moneyFormatters(data.currency);
  if (data.status === 'insufficient_history') {
    const days = data.history.days;
    return (
      <NeedsHistory title="Not enough sales history yet">
        <p>
          A forecast needs {data.history.required_days} days of sales counted from the first sale;{' '}
          {days === 0 ? 'there are no sales yet.' : `there ${days === 1 ? 'is 1 day' : `are ${days} days`} so far (since ${formatDay(data.history.first_sale_date!, true)}).`}{' '}
          Keep selling through the till and the forecast appears here by itself
          {days > 0 ? ` in ${data.history.required_days - days} ${data.history.required_days - days === 1 ? 'day' : 'days'}` : ''}.
        </p>
      </NeedsHistory>
    );
  }
  const overall = data.backtest.overall;
  const chart = [
    ...data.recent.map((row) => ({ label: formatDay(row.date), actual: row.net_sales })),
    ...data.forecast.map((point) => ({
      label: formatDay(point.date),
      forecast: point.forecast,
      band80: [point.lower80, point.upper80] as [number, number],
      band95: [point.lower95, point.upper95] as [number, number],
    })),
  ];
  const backtestChart = data.backtest.points.map((point) => ({
    label: formatDay(point.date),
    actual: point.actual,
    forecast: point.forecast,
    naive: point.seasonal_naive,
    band80: [point.lower80, point.upper80] as [number, number],
    band95: [point.lower95, point.upper95] as [number, number],
  }));
  const model = data.model;
  return (
    <div className="grid gap-6">
      {data.status === 'no_recent_sales' ? (
        <NeedsHistory title="No recent sales">
          <p>There have been no sales on most days of the last 8 weeks, so the forecast is 0. It picks up again once sales do.</p>
        </NeedsHistory>
      ) : null}
      <section aria-label="Forecast summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Next 7 days" value={money(data.totals.next_7_days)} hint="Expected net sales" />
        <StatCard label="Next 28 days" value={money(data.totals.next_28_days)} hint="Expected net sales" />
        <StatCard label="Backtest MAPE" value={overall?.mape === null || !overall ? '—' : `${overall.mape.toFixed(1)} %`} hint="Average daily error on held-out weeks" />
        <StatCard
          label="Backtest MASE"
          value={overall?.mase === null || !overall ? '—' : overall.mase.toFixed(2)}
          hint="Below 1 beats “same weekday last week”"
        />
      </section>

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>Next 28 days</CardTitle>
          <CardDescription>
            The last 8 weeks of actual net sales, then the forecast with its 80 % and 95 % intervals: 8 days in 10 should fall in the darker band, 19 in 20 in the lighter one.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <ForecastChart data={chart} format={money} formatAxis={moneyAxis} />
          <DataTable
            caption="Forecast by day"
            columns={[
              { header: 'Day', cell: (row) => formatDay(row.date) },
              { header: 'Forecast', numeric: true, cell: (row) => money(row.forecast) },
              { header: '80 % interval', numeric: true, cell: (row) => `${money(row.lower80)} – ${money(row.upper80)}` },
              { header: '95 % interval', numeric: true, cell: (row) => `${money(row.lower95)} – ${money(row.upper95)}` },
            ]}
            rows={data.forecast}
            rowKey={(row) => row.date}
            empty="No forecast."
          />
        </CardContent>
      </Card>

      <Card className="min-w-0">
        <CardHeader>
          <CardTitle>How accurate it has been</CardTitle>
          <CardDescription>
            Rolling-origin backtest on your own history: for each of the last {data.backtest.weeks} weeks, the model learnt only from the days before that week and forecast it{' '}
            {data.backtest.horizon_days} days ahead; here is what it said against what happened.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {overall ? (
            <>
              <dl className="grid grid-cols-2 gap-3 text-sm sm:grid-cols-4">
                <Figure term="MAPE" value={overall.mape === null ? '—' : `${overall.mape.toFixed(1)} %`} note={`over ${overall.days - overall.zero_actuals_skipped} days with sales`} />
                <Figure term="MASE" value={overall.mase === null ? '—' : overall.mase.toFixed(2)} note="error ÷ seasonal-naive error" />
                <Figure
                  term="Same weekday last week"
                  value={overall.seasonal_naive_mape === null ? '—' : `${overall.seasonal_naive_mape.toFixed(1)} %`}
                  note="its MAPE on the same days"
                />
                <Figure term="Inside the intervals" value={`${percent(overall.coverage80, 0)} / ${percent(overall.coverage95, 0)}`} note="of days, 80 % / 95 %" />
              </dl>
              <ForecastChart data={backtestChart} format={money} formatAxis={moneyAxis} naive />
              <DataTable
                caption="Backtest by day"
                columns={[
                  { header: 'Day', cell: (row) => formatDay(row.date) },
                  { header: 'Actual', numeric: true, cell: (row) => money(row.actual) },
                  { header: 'Forecast', numeric: true, cell: (row) => money(row.forecast) },
                  { header: 'Same weekday last week', numeric: true, cell: (row) => money(row.seasonal_naive) },
                  { header: 'Error', numeric: true, cell: (row) => (row.scored ? money(row.forecast - row.actual) : 'Closed') },
                ]}
                rows={data.backtest.points}
                rowKey={(row) => row.date}
                initialRows={14}
                empty="No held-out days."
              />
            </>
          ) : (
            <NeedsHistory title="Not enough history to test the forecast yet">
              <p>
                Testing holds back whole weeks and still needs {data.history.required_days} days to learn from before each of them: {data.history.required_days + 7} days of sales for the
                first week tested, {data.history.required_days + 7 * data.backtest.weeks} for all {data.backtest.weeks}. There are {data.history.days} so far.
              </p>
            </NeedsHistory>
          )}
        </CardContent>
      </Card>

      {model ? (
        <ComputedNote computedAt={data.computed_at}>
          Model: Holt–Winters with a {model.seasonality} weekly pattern{model.trend === 'damped' ? ' and a damped trend' : ''}
          {model.yearly_harmonics > 0 ? ' and a yearly pattern' : data.history.days < data.history.yearly_required_days ? ' (a yearly pattern is added after a year of sales)' : ''}
          {model.closed_weekdays.length > 0 ? `; closed on ${model.closed_weekdays.map((day) => WEEKDAYS[day - 1]).join(' and ')}` : ''}. Net sales are after discounts and refunds,
          before tax, in days of {data.time_zone}.
        </ComputedNote>
      ) : null}
    </div>
  );
}

function Figure({ term, value, note }: { term: string; value: string; note: string }) {
  return (
    <div className="grid gap-0.5 rounded-lg border p-3">
      <dt className="text-muted-foreground">{term}</dt>
      <dd className="text-xl font-semibold tabular-nums">{value}</dd>
      <dd className="text-xs text-muted-foreground">{note}</dd>
    </div>
  );
}

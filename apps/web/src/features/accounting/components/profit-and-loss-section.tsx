import { addMonths, dayInZone, formatMoney, monthRangeProblem, safeTimeZone, type MonthRange } from '@till/core';
import { DownloadIcon, PrinterIcon } from 'lucide-react';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { TrendChart } from '@/components/lazy-charts';
import { StatCard } from '@/components/stat-card';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { downloadCsv, toCsv } from '@/lib/csv';
import { cn } from '@/lib/utils';
import { useProfitAndLoss, type ProfitAndLoss, type StatementFigures } from '../api/profit-and-loss';
import { statementCsv, statementLines, type StatementLine } from '../utils/statement-rows';

const formatPercent = (ratio: number | null) => (ratio === null ? '—' : `${(Math.round(ratio * 1000) / 10).toFixed(1)} %`);

/** "Jan 2026" for 'YYYY-MM'. */
const monthLabel = (month: string) =>
  new Intl.DateTimeFormat(undefined, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${month}-15T12:00:00Z`));

function Statement({ statement }: { statement: ProfitAndLoss }) {
  const money = (amount: number) => formatMoney(amount, statement.currency);
  const moneyAxis = (amount: number) => formatMoney(Math.round(amount), statement.currency).replace(/[.,]0+(?=\D*$)/, '');
  const lines = statementLines(statement).filter((line) => line.key !== 'imported' || statement.includes_imported_sales);
  const show = (line: StatementLine, figures: StatementFigures) => {
    const value = line.value(figures);
    return line.kind === 'percent' ? formatPercent(value) : money(value ?? 0);
  };
  const exportCsv = () => {
    const { header, rows } = statementCsv(statement);
    downloadCsv(`profit-and-loss-${statement.range.from}-to-${statement.range.to}.csv`, toCsv(header, rows));
  };
  const { total } = statement;
  return (
    <div className="grid gap-4">
      <section aria-label="Profit and loss summary" className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <StatCard label="Net sales" value={money(total.net_sales)} />
        <StatCard label="Gross profit" value={money(total.gross_profit)} hint={`Margin ${formatPercent(total.margin)}`} />
        <StatCard label="Expenses" value={money(total.total_expenses)} hint="Before tax" />
        <StatCard label="Operating profit" value={money(total.operating_profit)} />
      </section>
      <Card className="min-w-0 gap-4">
        <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
          <div className="grid gap-1.5">
            <CardTitle>Months</CardTitle>
            <CardDescription>
              Before tax. Months run from midnight on the 1st in {statement.time_zone}; a refund counts in the month it was given; cost is what
              the goods cost when they were sold.
              {statement.includes_imported_sales ? ' Includes imported sales history.' : ''}
            </CardDescription>
          </div>
          <div className="flex gap-2 print:hidden">
            <Button variant="outline" onClick={exportCsv} aria-label="Export the profit and loss as CSV">
              <DownloadIcon aria-hidden="true" />
              CSV
            </Button>
            <Button variant="outline" onClick={() => window.print()}>
              <PrinterIcon aria-hidden="true" />
              Print
            </Button>
          </div>
        </CardHeader>
        <CardContent className="grid min-w-0 gap-4">
          <div className="print:hidden">
            <TrendChart
              data={statement.months.map((month) => ({ label: monthLabel(month.month), value: month.net_sales, comparison: month.operating_profit }))}
              valueName="Net sales"
              comparisonName="Operating profit"
              format={money}
              formatAxis={moneyAxis}
            />
          </div>
          {/* Its own scroll box that takes the keyboard: nothing in the table can be focused. */}
          <div role="region" aria-label="Profit and loss by month, scrolls sideways" tabIndex={0} className="relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <table aria-label="Profit and loss by month" className="w-full caption-bottom text-sm">
            <TableHeader>
              <TableRow>
                <TableHead scope="col" className="sticky left-0 bg-card">
                  Line
                </TableHead>
                {statement.months.map((month) => (
                  <TableHead key={month.month} scope="col" className="text-right">
                    {monthLabel(month.month)}
                  </TableHead>
                ))}
                <TableHead scope="col" className="text-right">
                  Total
                </TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {lines.map((line) => (
                <TableRow key={line.key} data-line={line.key} className={line.strong ? 'font-semibold' : undefined}>
                  <TableHead scope="row" className={cn('sticky left-0 bg-card whitespace-nowrap', line.indent ? 'pl-6 font-normal' : 'text-foreground')}>
                    {line.label}
                  </TableHead>
                  {statement.months.map((month) => (
                    <TableCell key={month.month} className="text-right whitespace-nowrap tabular-nums">
                      {show(line, month)}
                    </TableCell>
                  ))}
                  <TableCell className="text-right font-semibold whitespace-nowrap tabular-nums">{show(line, total)}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </table>
          </div>
        </CardContent>
      </Card>
    </div>
  );
}

/**
 * Profit and loss (issue 20 item 14, basic_accounting): a range of up to 24 months, a column per
 * month and a total, a chart of net sales against operating profit, CSV and print.
 */
export function ProfitAndLossSection({ timeZone }: { timeZone: string }) {
  const thisMonth = dayInZone(new Date(), safeTimeZone(timeZone)).slice(0, 7);
  const [range, setRange] = useState<MonthRange>({ from: addMonths(thisMonth, -11), to: thisMonth });
  const problem = monthRangeProblem(range);
  const presets: { label: string; range: MonthRange }[] = [
    { label: 'Last 12 months', range: { from: addMonths(thisMonth, -11), to: thisMonth } },
    { label: 'This year', range: { from: `${thisMonth.slice(0, 4)}-01`, to: thisMonth } },
    { label: 'Last year', range: { from: `${Number(thisMonth.slice(0, 4)) - 1}-01`, to: `${Number(thisMonth.slice(0, 4)) - 1}-12` } },
  ];
  return (
    <section aria-labelledby="profit-and-loss-heading" className="grid gap-4">
      <div className="grid gap-1">
        <h2 id="profit-and-loss-heading" className="text-lg font-semibold">
          Profit and loss
        </h2>
        <p className="text-sm text-muted-foreground">Sales, cost of goods, expenses and profit per month.</p>
      </div>
      <div className="flex flex-wrap items-end gap-3 print:hidden">
        <div className="grid gap-1.5">
          <Label htmlFor="pnl-from">First month</Label>
          <Input id="pnl-from" type="month" className="w-44" value={range.from} onChange={(event) => event.target.value && setRange({ ...range, from: event.target.value })} />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="pnl-to">Last month</Label>
          <Input id="pnl-to" type="month" className="w-44" value={range.to} onChange={(event) => event.target.value && setRange({ ...range, to: event.target.value })} />
        </div>
        <div className="flex flex-wrap gap-2">
          {presets.map((preset) => (
            <Button
              key={preset.label}
              variant={preset.range.from === range.from && preset.range.to === range.to ? 'secondary' : 'outline'}
              onClick={() => setRange(preset.range)}
            >
              {preset.label}
            </Button>
          ))}
        </div>
      </div>
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : (
        <StatementFor range={range} />
      )}
    </section>
  );
}

function StatementFor({ range }: { range: MonthRange }) {
  const statement = useProfitAndLoss(range);
  if (statement.isPending) return <div role="status" aria-label="Loading the profit and loss" className="h-64 animate-pulse rounded-xl bg-muted" />;
  if (statement.isError) return <ErrorAlert title="The profit and loss could not be loaded" error={statement.error} />;
  return (
    <div className={statement.isPlaceholderData ? 'opacity-60 transition-opacity' : undefined} aria-busy={statement.isPlaceholderData}>
      <Statement statement={statement.data} />
    </div>
  );
}

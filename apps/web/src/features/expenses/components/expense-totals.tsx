import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import type { ExpenseSummary } from '../api/types';
import { formatExpenseMoney, formatMonth } from '../utils/format';

function Figure({ label, value, hint }: { label: string; value: string; hint?: string }) {
  return (
    <div className="grid gap-1 rounded-lg border p-4">
      <p className="text-sm text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold tabular-nums">{value}</p>
      {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
    </div>
  );
}

function Breakdown({ title, rows, currency }: { title: string; rows: { key: string; label: string; count: number; amount: number }[]; currency: string }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2" className="text-base">
          {title}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing yet.</p>
        ) : (
          <table className="w-full text-sm">
            <caption className="sr-only">{title}</caption>
            <thead className="text-left text-xs text-muted-foreground">
              <tr>
                <th scope="col" className="py-1 font-medium">
                  {title.replace('By ', '').replace(/^./, (letter) => letter.toUpperCase())}
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Expenses
                </th>
                <th scope="col" className="py-1 text-right font-medium">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.key} className="border-t">
                  <td className="py-2">{row.label}</td>
                  <td className="py-2 text-right tabular-nums">{row.count}</td>
                  <td className="py-2 text-right tabular-nums">{formatExpenseMoney(row.amount, currency)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </CardContent>
    </Card>
  );
}

/** The filtered expenses in figures: total, tax, unpaid, then by category and by month. */
export function ExpenseTotals({ summary }: { summary: ExpenseSummary }) {
  const { currency } = summary;
  return (
    <section aria-label="Totals" className="grid gap-4">
      <div className="grid gap-3 sm:grid-cols-3">
        <Figure label="Total spent" value={formatExpenseMoney(summary.amount, currency)} hint={`${summary.count} expense${summary.count === 1 ? '' : 's'}`} />
        <Figure label="Tax included" value={formatExpenseMoney(summary.tax_amount, currency)} hint={`Net ${formatExpenseMoney(summary.amount - summary.tax_amount, currency)}`} />
        <Figure label="Unpaid" value={formatExpenseMoney(summary.unpaid_amount, currency)} hint="Still to pay" />
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Breakdown
          title="By category"
          currency={currency}
          rows={summary.by_category.map((row) => ({ key: row.category_id, label: row.name, count: row.count, amount: row.amount }))}
        />
        <Breakdown title="By month" currency={currency} rows={summary.by_month.map((row) => ({ key: row.month, label: formatMonth(row.month), count: row.count, amount: row.amount }))} />
      </div>
    </section>
  );
}

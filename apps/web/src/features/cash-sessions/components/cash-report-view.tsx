import { CASH_MOVEMENT_LABELS, PAYMENT_METHOD_LABELS, receiptDateTime, taxRateLabel } from '@till/core';
import type { ReactNode } from 'react';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { formatMoney } from '@/lib/money';
import type { CashReportView as CashReportWire } from '../api/cash-sessions';
import { cn } from '@/lib/utils';
import { OverShort } from './over-short';

function Figure({ label, value, tone }: { label: string; value: ReactNode; tone?: 'good' | 'bad' | undefined }) {
  return (
    <div className="rounded-lg border bg-card p-3">
      <p className="text-xs font-medium text-muted-foreground uppercase">{label}</p>
      <p className={cn('mt-1 text-xl font-semibold tabular-nums', tone === 'bad' && 'text-destructive', tone === 'good' && 'text-emerald-700 dark:text-emerald-400')}>
        {value}
      </p>
    </div>
  );
}

function Rows({ rows }: { rows: { label: string; value: ReactNode; strong?: boolean }[] }) {
  return (
    <dl className="divide-y rounded-lg border text-sm">
      {rows.map((row) => (
        <div key={row.label} className={cn('flex items-center justify-between gap-4 px-3 py-2', row.strong && 'font-semibold')}>
          <dt>{row.label}</dt>
          <dd className="text-right tabular-nums">{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid content-start gap-2 break-inside-avoid">
      <h3 className="text-sm font-semibold">{title}</h3>
      {children}
    </section>
  );
}

/** An X or Z report on screen (and in the browser's print, see z-report-print.css rules in the page). */
export function CashReportView({ report }: { report: CashReportWire }) {
  // `+ 0` turns a negated zero into zero: "$0.00", not "-$0.00".
  const m = (amount: number) => formatMoney(amount + 0, report.currency);
  const at = (iso: string | null) => (iso ? receiptDateTime(iso, report.time_zone) : '—');
  const s = report.sales;
  const c = report.cash;
  return (
    <div className="grid gap-5" data-testid="cash-report">
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <Figure label="Net sales" value={m(s.net_sales)} />
        <Figure label="Transactions" value={s.transactions} />
        <Figure label="Average sale" value={m(s.average_sale)} />
        <Figure
          label={report.kind === 'Z' ? 'Over / short' : 'Expected cash'}
          value={report.kind === 'Z' ? <OverShort difference={c.difference} currency={report.currency} /> : m(c.expected)}
        />
      </div>
      <p className="text-sm text-muted-foreground">
        {report.register.name}
        {report.store_name ? ` · ${report.store_name}` : ''} · opened {at(report.opened_at)} by {report.opened_by}
        {report.kind === 'Z' ? ` · closed ${at(report.closed_at)} by ${report.closed_by ?? ''}` : ` · as of ${at(report.generated_at)}`}
      </p>
      <div className="grid gap-5 lg:grid-cols-2">
        <Section title="Sales">
          <Rows
            rows={[
              { label: 'Gross sales', value: m(s.gross_sales) },
              { label: 'Discounts', value: m(-s.discounts) },
              { label: `Refunds (${s.refund_count})`, value: m(-s.refunds) },
              { label: 'Net sales', value: m(s.net_sales), strong: true },
              { label: 'of which tax', value: m(s.tax) },
              { label: 'Net sales excl. tax', value: m(s.net_sales_excluding_tax) },
              { label: 'Items sold', value: s.items_sold },
              { label: `Voids (${s.voids.count})`, value: m(s.voids.amount) },
            ]}
          />
        </Section>
        <Section title="Cash drawer">
          <Rows
            rows={[
              { label: 'Opening float', value: m(c.opening_float) },
              { label: 'Cash sales', value: m(c.cash_sales) },
              { label: 'Cash refunds', value: m(-c.cash_refunds) },
              { label: 'Pay-ins', value: m(c.pay_ins) },
              { label: 'Pay-outs', value: m(-c.pay_outs) },
              { label: 'Drops to safe', value: m(-c.drops) },
              { label: 'Expected cash', value: m(c.expected), strong: true },
              { label: 'Counted cash', value: c.counted === null ? '—' : m(c.counted) },
              { label: 'Over / short', value: <OverShort difference={c.difference} currency={report.currency} />, strong: true },
              { label: 'No-sale openings', value: report.no_sale_count },
            ]}
          />
        </Section>
      </div>

      <Section title="Payments">
        <div className="overflow-x-auto rounded-lg border">
          <Table>
            <TableHeader>
              <TableRow>
                <TableHead>Method</TableHead>
                <TableHead className="text-right">Taken</TableHead>
                <TableHead className="text-right">Refunded</TableHead>
                <TableHead className="text-right">Expected</TableHead>
                <TableHead className="text-right">Counted</TableHead>
                <TableHead className="text-right">Over / short</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {report.by_method.map((row) => (
                <TableRow key={row.method}>
                  <TableCell>{PAYMENT_METHOD_LABELS[row.method]}</TableCell>
                  <TableCell className="text-right tabular-nums">{m(row.sales)}</TableCell>
                  <TableCell className="text-right tabular-nums">{m(row.refunds)}</TableCell>
                  <TableCell className="text-right tabular-nums">{m(row.expected)}</TableCell>
                  <TableCell className="text-right tabular-nums">{row.counted === null ? '—' : m(row.counted)}</TableCell>
                  <TableCell className="text-right">
                    <OverShort difference={row.difference} currency={report.currency} />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      </Section>

      <div className="grid gap-5 lg:grid-cols-3">
        <Section title="Tax by rate">
          <Rows rows={report.tax_by_rate.length ? report.tax_by_rate.map((row) => ({ label: `${taxRateLabel(row.basis_points)} on ${m(row.net)}`, value: m(row.tax) })) : [{ label: 'No taxed sales', value: '' }]} />
        </Section>
        <Section title="Sales by category">
          <Rows rows={report.by_category.length ? report.by_category.map((row) => ({ label: `${row.name} (${row.quantity})`, value: m(row.amount) })) : [{ label: 'No sales yet', value: '' }]} />
        </Section>
        <Section title="Sales by employee">
          <Rows rows={report.by_employee.length ? report.by_employee.map((row) => ({ label: `${row.name} (${row.transactions})`, value: m(row.amount) })) : [{ label: 'No sales yet', value: '' }]} />
        </Section>
      </div>

      {report.movements.length ? (
        <Section title="Drawer entries">
          <div className="overflow-x-auto rounded-lg border">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>When</TableHead>
                  <TableHead>Entry</TableHead>
                  <TableHead>Reason</TableHead>
                  <TableHead>By</TableHead>
                  <TableHead className="text-right">Amount</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {report.movements.map((movement) => (
                  <TableRow key={movement.id}>
                    <TableCell className="whitespace-nowrap">{at(movement.created_at)}</TableCell>
                    <TableCell>{CASH_MOVEMENT_LABELS[movement.kind]}</TableCell>
                    <TableCell>{movement.reason}</TableCell>
                    <TableCell>{movement.employee_name}</TableCell>
                    <TableCell className="text-right tabular-nums">{movement.kind === 'no_sale' ? '—' : m(movement.kind === 'pay_in' ? movement.amount : -movement.amount)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        </Section>
      ) : null}

      {report.approval ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm dark:border-amber-800 dark:bg-amber-950">
          Difference approved by <strong>{report.approval.approved_by}</strong>: {report.approval.note}
        </p>
      ) : report.closing_note ? (
        <p className="rounded-lg border p-3 text-sm">Note: {report.closing_note}</p>
      ) : null}
    </div>
  );
}

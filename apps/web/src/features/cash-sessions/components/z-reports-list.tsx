import { useQueries } from '@tanstack/react-query';
import { PAYMENT_METHOD_LABELS, receiptDateTime, startOfDayInZone, type CashSessionSummary } from '@till/core';
import { useId, useState } from 'react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { errorMessage } from '@/lib/api-client';
import { formatMoney } from '@/lib/money';
import { cashSessionsQueryKey, fetchCashReport, useApprovers, useSessions, type SessionFilters } from '../api/cash-sessions';
import { OverShort } from './over-short';

const ANY = 'any';

function FilterSelect({ label, value, onChange, options }: { label: string; value: string; onChange: (value: string) => void; options: { value: string; label: string }[] }) {
  const id = useId();
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onChange}>
        <SelectTrigger id={id} className="w-full sm:w-44">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          {options.map((option) => (
            <SelectItem key={option.value} value={option.value}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
    </div>
  );
}

/** Figures of several Z reports side by side: "how did today compare with last Tuesday?" */
function Comparison({ sessionIds }: { sessionIds: string[] }) {
  const reports = useQueries({
    queries: sessionIds.map((id) => ({ queryKey: [...cashSessionsQueryKey, 'report', id], queryFn: ({ signal }: { signal: AbortSignal }) => fetchCashReport(id, signal) })),
  });
  const loaded = reports.map((query) => query.data).filter((report) => report !== undefined);
  if (loaded.length < sessionIds.length) return <p role="status">Loading the reports…</p>;
  const currency = loaded[0]?.currency ?? 'USD';
  const m = (amount: number) => formatMoney(amount, currency);
  const methods = [...new Set(loaded.flatMap((report) => report.by_method.map((row) => row.method)))];
  const rows: { label: string; cells: string[] }[] = [
    { label: 'Closed', cells: loaded.map((report) => (report.closed_at ? receiptDateTime(report.closed_at, report.time_zone) : 'open')) },
    { label: 'Register', cells: loaded.map((report) => report.register.name) },
    { label: 'Gross sales', cells: loaded.map((report) => m(report.sales.gross_sales)) },
    { label: 'Discounts', cells: loaded.map((report) => m(report.sales.discounts)) },
    { label: 'Refunds', cells: loaded.map((report) => m(report.sales.refunds)) },
    { label: 'Net sales', cells: loaded.map((report) => m(report.sales.net_sales)) },
    { label: 'Tax', cells: loaded.map((report) => m(report.sales.tax)) },
    { label: 'Transactions', cells: loaded.map((report) => String(report.sales.transactions)) },
    { label: 'Average sale', cells: loaded.map((report) => m(report.sales.average_sale)) },
    ...methods.map((method) => ({
      label: PAYMENT_METHOD_LABELS[method],
      cells: loaded.map((report) => {
        const row = report.by_method.find((item) => item.method === method);
        return row ? m(row.sales - row.refunds) : '—';
      }),
    })),
    { label: 'Cash over / short', cells: loaded.map((report) => (report.cash.difference === null ? '—' : m(report.cash.difference))) },
  ];
  return (
    <section aria-label="Comparison" className="overflow-x-auto rounded-lg border">
      <Table>
        <TableHeader>
          <TableRow>
            <TableHead />
            {loaded.map((report) => (
              <TableHead key={report.session_id} className="text-right">
                {report.kind === 'Z' ? `Z ${report.number}` : 'Open'}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {rows.map((row) => (
            <TableRow key={row.label}>
              <TableCell className="font-medium">{row.label}</TableCell>
              {row.cells.map((cell, index) => (
                <TableCell key={index} className="text-right tabular-nums">
                  {cell}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </section>
  );
}

/** Every drawer session with its Z, filtered; pick two or more to compare. */
export function ZReportsList({ timeZone }: { timeZone: string }) {
  const [registerId, setRegisterId] = useState(ANY);
  const [employeeId, setEmployeeId] = useState(ANY);
  const [variance, setVariance] = useState(ANY);
  const [fromDay, setFromDay] = useState('');
  const [toDay, setToDay] = useState('');
  const [selected, setSelected] = useState<string[]>([]);
  const [comparing, setComparing] = useState(false);
  const fromId = useId();
  const toId = useId();
  const filters: SessionFilters = {
    registerId: registerId === ANY ? undefined : registerId,
    employeeId: employeeId === ANY ? undefined : employeeId,
    variance: variance === ANY ? undefined : (variance as SessionFilters['variance']),
    from: /^\d{4}-\d{2}-\d{2}$/.test(fromDay) ? startOfDayInZone(fromDay, timeZone).toISOString() : undefined,
    to: /^\d{4}-\d{2}-\d{2}$/.test(toDay) ? new Date(startOfDayInZone(toDay, timeZone).getTime() + 86_400_000).toISOString() : undefined,
  };
  const sessions = useSessions(filters);
  const employees = useApprovers(true);
  const toggle = (session: CashSessionSummary) =>
    setSelected((current) => (current.includes(session.id) ? current.filter((id) => id !== session.id) : [...current, session.id].slice(-6)));

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <FilterSelect
          label="Register"
          value={registerId}
          onChange={setRegisterId}
          options={[{ value: ANY, label: 'All registers' }, ...(sessions.data?.registers ?? []).map((register) => ({ value: register.id, label: register.name }))]}
        />
        <FilterSelect
          label="Employee"
          value={employeeId}
          onChange={setEmployeeId}
          options={[{ value: ANY, label: 'Anyone' }, ...(employees.data?.employees ?? []).map((employee) => ({ value: employee.id, label: employee.full_name }))]}
        />
        <FilterSelect
          label="Count"
          value={variance}
          onChange={setVariance}
          options={[
            { value: ANY, label: 'Any count' },
            { value: 'short', label: 'Short' },
            { value: 'over', label: 'Over' },
            { value: 'balanced', label: 'Balanced' },
          ]}
        />
        <div className="grid gap-1.5">
          <Label htmlFor={fromId}>From</Label>
          <Input id={fromId} type="date" value={fromDay} onChange={(event) => setFromDay(event.target.value)} className="w-full sm:w-40" />
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={toId}>To</Label>
          <Input id={toId} type="date" value={toDay} onChange={(event) => setToDay(event.target.value)} className="w-full sm:w-40" />
        </div>
        <Button variant="outline" disabled={selected.length < 2} onClick={() => setComparing((value) => !value)}>
          {comparing ? 'Hide comparison' : `Compare ${selected.length >= 2 ? selected.length : ''} days`.replace('  ', ' ')}
        </Button>
      </div>
      {comparing && selected.length >= 2 ? <Comparison sessionIds={selected} /> : null}
      {sessions.isError ? <p className="text-sm text-destructive">{errorMessage(sessions.error)}</p> : null}
      <div className="overflow-x-auto rounded-lg border">
        <Table>
          <TableHeader>
            <TableRow>
              <TableHead className="w-10">
                <span className="sr-only">Compare</span>
              </TableHead>
              <TableHead>Z</TableHead>
              <TableHead>Register</TableHead>
              <TableHead>Opened</TableHead>
              <TableHead>Closed</TableHead>
              <TableHead className="text-right">Net sales</TableHead>
              <TableHead className="text-right">Expected cash</TableHead>
              <TableHead className="text-right">Counted</TableHead>
              <TableHead className="text-right">Over / short</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {sessions.data?.sessions.length === 0 ? (
              <TableRow>
                <TableCell colSpan={9} className="py-8 text-center text-muted-foreground">
                  No drawer sessions match. Open a drawer at a till to start one.
                </TableCell>
              </TableRow>
            ) : null}
            {sessions.data?.sessions.map((session) => (
              <TableRow key={session.id}>
                <TableCell>
                  <input
                    type="checkbox"
                    className="size-4"
                    aria-label={`Compare ${session.number ? `Z ${session.number}` : 'open session'}`}
                    checked={selected.includes(session.id)}
                    onChange={() => toggle(session)}
                  />
                </TableCell>
                <TableCell>
                  <Link className="font-medium underline-offset-4 hover:underline" to={`/z-report/${session.id}`}>
                    {session.status === 'closed' ? `Z ${session.number}` : <Badge>Open</Badge>}
                  </Link>
                </TableCell>
                <TableCell>{session.register_name}</TableCell>
                <TableCell className="whitespace-nowrap">
                  {receiptDateTime(session.opened_at, timeZone)}
                  <span className="block text-xs text-muted-foreground">{session.opened_by}</span>
                </TableCell>
                <TableCell className="whitespace-nowrap">
                  {session.closed_at ? receiptDateTime(session.closed_at, timeZone) : '—'}
                  {session.closed_by ? <span className="block text-xs text-muted-foreground">{session.closed_by}</span> : null}
                </TableCell>
                <TableCell className="text-right tabular-nums">{session.net_sales === null ? '—' : formatMoney(session.net_sales, session.currency)}</TableCell>
                <TableCell className="text-right tabular-nums">{session.expected_cash === null ? '—' : formatMoney(session.expected_cash, session.currency)}</TableCell>
                <TableCell className="text-right tabular-nums">{session.counted_cash === null ? '—' : formatMoney(session.counted_cash, session.currency)}</TableCell>
                <TableCell className="text-right">
                  <OverShort difference={session.cash_difference} currency={session.currency} />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </div>
    </div>
  );
}

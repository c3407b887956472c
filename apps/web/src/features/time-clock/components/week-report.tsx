import { PencilIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import type { TimeEntriesReport, TimeEntry } from '../api/types';
import { breakMinutes, formatHours, type ZonedFormatters } from '../utils/format';
import { localDate, usableTimeZone } from '../utils/zoned-time';

interface WeekReportProps {
  report: TimeEntriesReport;
  formatters: ZonedFormatters;
  /** The owner, admins and managers correct shifts. */
  canCorrect: boolean;
  onCorrect: (entry: TimeEntry) => void;
  now: number;
}

const num = 'px-3 py-2 text-right tabular-nums whitespace-nowrap';
const cell = 'px-3 py-2 whitespace-nowrap';
const head = 'px-3 py-2 text-left text-xs font-medium text-muted-foreground uppercase tracking-wide whitespace-nowrap';
const headNum = `${head} text-right`;

/** Calendar days between clock-in and clock-out on the business clock, for shifts past midnight. */
function dayDifference(timeZone: string) {
  return (fromIso: string, toIso: string) => {
    const from = localDate(new Date(fromIso), timeZone);
    const to = localDate(new Date(toIso), timeZone);
    return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
  };
}

/** One week of shifts: hours per employee first (what payroll needs), then every shift. */
export function WeekReport({ report, formatters, canCorrect, onCorrect, now }: WeekReportProps) {
  const days = dayDifference(usableTimeZone(report.time_zone));
  if (report.entries.length === 0) {
    return (
      <div className="rounded-xl border border-dashed p-6 text-center">
        <p className="font-medium">No shifts this week.</p>
        <p className="text-sm text-muted-foreground">Shifts show here once someone clocks in. Pick another week to look back.</p>
      </div>
    );
  }
  return (
    <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
      <section aria-labelledby="totals-heading" className="grid grid-cols-[minmax(0,1fr)] gap-2">
        <h3 id="totals-heading" className="font-semibold">
          Hours per employee
        </h3>
        <div className="relative overflow-x-auto rounded-xl border bg-card">
          <table className="w-full text-sm">
            <thead className="border-b bg-muted/50">
              <tr>
                <th scope="col" className={head}>
                  Employee
                </th>
                <th scope="col" className={headNum}>
                  Shifts
                </th>
                <th scope="col" className={headNum}>
                  Total
                </th>
                <th scope="col" className={headNum}>
                  Overtime
                </th>
              </tr>
            </thead>
            <tbody className="divide-y">
              {report.totals.map((totals) => (
                <tr key={totals.employee_id} data-testid="employee-totals">
                  <th scope="row" className={`${cell} text-left font-medium`}>
                    {totals.employee_name}
                  </th>
                  <td className={num}>
                    {totals.shifts > 0 || totals.open_shifts === 0 ? totals.shifts : null}
                    {totals.open_shifts > 0 ? (
                      <span className="text-muted-foreground">
                        {totals.shifts > 0 ? ' + ' : ''}
                        {totals.open_shifts} open
                      </span>
                    ) : null}
                  </td>
                  <td className={num}>{formatHours(totals.total_hours)}</td>
                  <td className={num}>{totals.overtime_hours > 0 ? <strong>{formatHours(totals.overtime_hours)}</strong> : formatHours(totals.overtime_hours)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </section>

      <section aria-labelledby="shifts-heading" className="grid grid-cols-[minmax(0,1fr)] gap-2">
        <h3 id="shifts-heading" className="font-semibold">
          Shifts
        </h3>
        <div className="relative overflow-x-auto rounded-xl border bg-card">
          <table className="w-full text-sm">
            <thead className="border-b bg-muted/50">
              <tr>
                <th scope="col" className={head}>
                  Employee
                </th>
                <th scope="col" className={head}>
                  Date
                </th>
                <th scope="col" className={headNum}>
                  In
                </th>
                <th scope="col" className={headNum}>
                  Out
                </th>
                <th scope="col" className={headNum}>
                  Break
                </th>
                <th scope="col" className={headNum}>
                  Total
                </th>
                <th scope="col" className={headNum}>
                  Overtime
                </th>
                {canCorrect ? (
                  <th scope="col" className={head}>
                    <span className="sr-only">Correct</span>
                  </th>
                ) : null}
              </tr>
            </thead>
            <tbody className="divide-y">
              {report.entries.map((entry) => {
                const pause = breakMinutes(entry, now);
                return (
                  <tr key={entry.id} data-testid="time-entry">
                    <th scope="row" className={`${cell} text-left font-medium`}>
                      {entry.employee_name}
                      {entry.corrected_at ? (
                        <Badge variant="outline" className="ml-2" title={entry.correction_reason ?? undefined}>
                          Corrected
                        </Badge>
                      ) : null}
                    </th>
                    <td className={cell}>{formatters.date(entry.clock_in_time)}</td>
                    <td className={num}>{formatters.time(entry.clock_in_time)}</td>
                    <td className={num}>
                      {entry.clock_out_time ? (
                        <>
                          {formatters.time(entry.clock_out_time)}
                          {days(entry.clock_in_time, entry.clock_out_time) > 0 ? (
                            <sup className="ml-0.5 text-xs text-muted-foreground" title="The next day">
                              +{days(entry.clock_in_time, entry.clock_out_time)}
                            </sup>
                          ) : null}
                        </>
                      ) : (
                        <Badge variant="success">On shift</Badge>
                      )}
                    </td>
                    <td className={num}>{pause === null ? '—' : `${pause} min`}</td>
                    <td className={num}>{formatHours(entry.total_hours)}</td>
                    <td className={num}>{formatHours(entry.overtime_hours)}</td>
                    {canCorrect ? (
                      <td className="px-1 py-1 text-right">
                        <Button variant="ghost" onClick={() => onCorrect(entry)} aria-label={`Correct ${entry.employee_name}’s shift of ${formatters.date(entry.clock_in_time)}`}>
                          <PencilIcon aria-hidden="true" />
                          Correct
                        </Button>
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      </section>
    </div>
  );
}

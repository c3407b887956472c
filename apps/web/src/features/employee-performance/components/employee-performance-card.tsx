import { dayInZone, presetRange, safeTimeZone } from '@till/core';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { useEmployeePerformance } from '../api/employee-performance';
import { performanceColumns } from './performance-format';

const PERIODS = [
  { value: 'this_month', label: 'This month' },
  { value: 'last_month', label: 'Last month' },
  { value: 'last_30_days', label: 'Last 30 days' },
  { value: 'last_90_days', label: 'Last 90 days' },
  { value: 'this_year', label: 'This year' },
] as const;
type Period = (typeof PERIODS)[number]['value'];

/** One employee's figures on the employees page (issue 20 item 10): the current month, or another period. */
export function EmployeePerformanceCard({ employeeId, employeeName, timeZone }: { employeeId: string; employeeName: string; timeZone: string }) {
  const [period, setPeriod] = useState<Period>('this_month');
  const range = presetRange(period, dayInZone(new Date(), safeTimeZone(timeZone)));
  const performance = useEmployeePerformance({ ...range, employeeId });
  const figures = performance.data?.employees[0];
  return (
    <section aria-label={`Performance of ${employeeName}`} className="grid gap-3 rounded-lg border bg-muted/30 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Performance</h3>
        <div role="group" aria-label="Period" className="flex flex-wrap gap-1.5">
          {PERIODS.map((option) => (
            <Button key={option.value} variant={period === option.value ? 'secondary' : 'outline'} aria-pressed={period === option.value} onClick={() => setPeriod(option.value)}>
              {option.label}
            </Button>
          ))}
        </div>
      </div>
      {performance.isPending ? (
        <div role="status" aria-label={`Loading the performance of ${employeeName}`} className="h-20 animate-pulse rounded-md bg-muted" />
      ) : performance.isError ? (
        <ErrorAlert title="The figures could not be loaded" error={performance.error} />
      ) : figures ? (
        <dl className="grid grid-cols-2 gap-x-4 gap-y-2 sm:grid-cols-4">
          {performanceColumns(performance.data.currency).map((column) => (
            <div key={column.header} className="grid gap-0.5">
              <dt className="text-xs text-muted-foreground">{column.header}</dt>
              <dd className="font-semibold tabular-nums">{column.show(figures)}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </section>
  );
}

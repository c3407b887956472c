import { dayInZone, presetRange, safeTimeZone } from '@till/core';
import { useState } from 'react';
import { ErrorAlert } from '@/components/error-alert';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
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
  const selectId = `performance-period-${employeeId}`;
  return (
    <section aria-label={`Performance of ${employeeName}`} className="grid gap-3 rounded-lg border bg-muted/30 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 className="text-sm font-semibold">Performance</h3>
        <div className="flex items-center gap-2">
          <Label htmlFor={selectId} className="text-sm">
            Period
          </Label>
          <Select value={period} onValueChange={(value) => setPeriod(value as Period)}>
            <SelectTrigger id={selectId} className="w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {PERIODS.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
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

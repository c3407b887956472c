import { DownloadIcon } from 'lucide-react';
import { ErrorAlert } from '@/components/error-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { downloadCsv, toCsv } from '@/lib/csv';
import { useEmployeePerformance } from '../api/employee-performance';
import { performanceColumns } from './performance-format';

/**
 * Employee performance for the period the analytics page shows (issue 20 item 10): sales, items,
 * average sale, refunds given, discounts given, hours and sales per hour, one row per employee.
 */
export function EmployeePerformanceSection({ from, to }: { from: string; to: string }) {
  const performance = useEmployeePerformance({ from, to });
  return (
    <Card className="min-w-0 gap-4">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-2">
        <div className="grid gap-1.5">
          <CardTitle>Employee performance</CardTitle>
          <CardDescription>
            Sales count for who rang them up, refunds for who gave them; hours are from the time clock (a shift still open counts up to now).
          </CardDescription>
        </div>
        {performance.data ? (
          <Button
            variant="outline"
            aria-label="Export Employee performance as CSV"
            disabled={performance.data.employees.length === 0}
            onClick={() => {
              const data = performance.data;
              const columns = performanceColumns(data.currency);
              downloadCsv(
                `employee-performance-${from}-to-${to}.csv`,
                toCsv(
                  ['Employee', 'Role', ...columns.map((column) => (column.header === 'Refunds given' ? `Refunds given (${data.currency})` : column.header))],
                  data.employees.map((row) => [row.name, row.role, ...columns.map((column) => column.csv(row))]),
                ),
              );
            }}
          >
            <DownloadIcon aria-hidden="true" />
            CSV
          </Button>
        ) : null}
      </CardHeader>
      <CardContent className="min-w-0">
        {performance.isPending ? (
          <div role="status" aria-label="Loading employee performance" className="h-32 animate-pulse rounded-xl bg-muted" />
        ) : performance.isError ? (
          <ErrorAlert title="Employee performance could not be loaded" error={performance.error} />
        ) : performance.data.employees.length === 0 ? (
          <p className="text-sm text-muted-foreground">No employees yet.</p>
        ) : (
                    <div role="region" aria-label="Employee performance, scrolls sideways" tabIndex={0} className="relative w-full overflow-x-auto rounded-md outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50">
          <table aria-label="Employee performance" className="w-full caption-bottom text-sm">
            <TableHeader>
              <TableRow>
                <TableHead scope="col">Employee</TableHead>
                {performanceColumns(performance.data.currency).map((column) => (
                  <TableHead key={column.header} scope="col" className="text-right">
                    {column.header}
                  </TableHead>
                ))}
              </TableRow>
            </TableHeader>
            <TableBody>
              {performance.data.employees.map((row) => (
                <TableRow key={row.employee_id}>
                  <TableHead scope="row" className="whitespace-nowrap text-foreground">
                    {row.name}
                  </TableHead>
                  {performanceColumns(performance.data.currency).map((column) => (
                    <TableCell key={column.header} className="text-right whitespace-nowrap tabular-nums">
                      {column.show(row)}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
